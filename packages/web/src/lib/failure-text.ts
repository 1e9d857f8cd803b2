import { ApiError } from '../api/errors';

/**
 * What to tell the user when a request failed: the page's own sentence, except
 * for a 503, which the client has already retried once after the wait the
 * server asked for (the database still resuming). Its message says to come
 * back shortly, which is the one thing worth knowing then; "please try again"
 * would invite a click that fails the same way.
 */
export function failureText(error: unknown, pageText: string): string {
  return error instanceof ApiError && error.status === 503 ? error.message : pageText;
}
