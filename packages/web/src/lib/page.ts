import { useEffect } from 'react';

/** Sets the document title for the current page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | CPE Tracker` : 'CPE Tracker';
  }, [title]);
}
