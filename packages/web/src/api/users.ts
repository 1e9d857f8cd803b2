import type { User } from '@cpe/shared/schemas';
import type { BodyOf, Requester } from './client';
import { isNotFound } from './errors';

export function usersApi(request: Requester) {
  return {
    getUser: (email: string): Promise<User> => request('getUser', { params: { email } }),
    ensureUser: (body: BodyOf<'ensureUser'>): Promise<User> => request('ensureUser', { body }),
  };
}

/**
 * The app's user record for the signed-in email. The PostConfirmation trigger
 * creates it; if it is missing, it is created here rather than leaving the
 * user with an empty list they can never add to (decision 005; the spec logs
 * "User not found in RDS." and stops, and that line is still logged).
 */
export async function loadAppUser(api: ReturnType<typeof usersApi>, email: string): Promise<User> {
  try {
    return await api.getUser(email);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    console.info('User not found in RDS.', 'Creating the record.');
    return api.ensureUser({ email });
  }
}
