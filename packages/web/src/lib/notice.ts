/** A message about something the user just did (shown by components/Feedback.tsx). */
export interface Notice {
  variant: 'success' | 'warning' | 'danger' | 'info';
  text: string;
  /** What the text is about, one line each (a refused renewal's unmet rules). */
  items?: readonly string[];
}
