import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import type { Notice } from '../lib/notice';
import { reveal } from '../lib/reveal';

/**
 * A message about something the user just did, shown where they did it. Each
 * new notice (a new object, even with the same text) scrolls into view; with
 * `focus` it also takes focus, for when the thing the user acted on is gone
 * (a deleted card) or far away (the top of a long form). The live region
 * stays in the page so a screen reader hears each new text; warnings and
 * errors are also alerts.
 */
export function Feedback(props: {
  notice: Notice | null;
  focus?: boolean;
  onClose?: () => void;
  className?: string;
}) {
  const { notice, focus = false, onClose, className } = props;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (notice) reveal(ref.current, { focus });
  }, [notice, focus]);

  const urgent = notice?.variant === 'danger' || notice?.variant === 'warning';
  return (
    <div aria-live="polite">
      {notice && (
        <Alert
          ref={ref}
          variant={notice.variant}
          role={urgent ? 'alert' : undefined}
          tabIndex={-1}
          className={className}
          {...(onClose ? { dismissible: true, onClose } : {})}
        >
          {notice.text}
          {notice.items && notice.items.length > 0 && (
            <ul className="feedback-items mb-0 mt-1">
              {notice.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </div>
  );
}
