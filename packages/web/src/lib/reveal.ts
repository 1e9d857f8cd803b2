/**
 * Brings an element the user must notice into view, at the nearest edge so
 * nothing jumps that is already visible, and moves focus to it unless told not
 * to (focus also tells screen readers where they are). jsdom has no scrolling.
 */
export function reveal(element: HTMLElement | null, options: { focus?: boolean } = {}): void {
  if (!element) return;
  element.scrollIntoView?.({ block: 'nearest' });
  if (options.focus !== false) element.focus({ preventScroll: true });
}

/** Focuses `element` if it is still on the page (a button whose card was deleted is not). */
export function focusIfPresent(element: HTMLElement | null | undefined): boolean {
  if (!element?.isConnected) return false;
  element.focus();
  return document.activeElement === element;
}
