import type { BodyOf, Requester } from './client';

export function accountApi(request: Requester) {
  return {
    getAccountSettings: () => request('getAccountSettings'),
    updateAccountSettings: (body: BodyOf<'updateAccountSettings'>) =>
      request('updateAccountSettings', { body }),
    enableCalendarFeed: () => request('enableCalendarFeed'),
    /** Replaces the address made at `createdAt` (two windows rotating at once: one wins, the other gets 409). */
    rotateCalendarFeed: (createdAt: string | null) =>
      request('rotateCalendarFeed', createdAt === null ? {} : { ifMatch: createdAt }),
    disableCalendarFeed: () => request('disableCalendarFeed'),
    /** A new private forwarding address; mail to the old one is refused from now on. */
    rotateForwardingAddress: () => request('rotateForwardingAddress'),
    exportAccount: () => request('exportAccount'),
    deleteAccount: (email: string) => request('deleteAccount', { body: { email } }),
    changePassword: (body: BodyOf<'changePassword'>) => request('changePassword', { body }),
    /** The unsubscribe link's page: no session, the signed token is the credential. */
    unsubscribe: (token: string) => request('unsubscribe', { query: { token } }),
    undoUnsubscribe: (token: string) => request('undoUnsubscribe', { query: { token } }),
  };
}
