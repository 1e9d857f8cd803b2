import type { User } from '@cpe/shared/schemas';
import { type BodyOf, type Requester, isNotFound } from './client';

export function usersApi(request: Requester) {
  return {
    getUser: (email: string): Promise<User> => request('getUser', { params: { email } }),
    ensureUser: (body: BodyOf<'ensureUser'>): Promise<User> => request('ensureUser', { body }),
  };
}

/**
 * The app's user record for the signed-in email. The PostConfirmation trigger
 * creates it; if it is missing (the spec's home page case), it is created.
 */
export async function loadAppUser(api: ReturnType<typeof usersApi>, email: string): Promise<User> {
  try {
    return await api.getUser(email);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return api.ensureUser({ email });
  }
}
