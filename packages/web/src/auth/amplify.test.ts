/**
 * What the page does with Amplify's answers when a session's refresh fails:
 * the pool out of reach keeps the user signed in (Amplify keeps the tokens
 * too), a refused refresh ends the session. The sign-in over another tab's
 * session runs against the Cognito emulator in tests/integration/cognito-amplify.test.ts.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { createAmplifyAuth } from './amplify';

jest.mock('aws-amplify/auth', () => ({
  ...jest.requireActual<object>('aws-amplify/auth'),
  fetchAuthSession: jest.fn(),
}));

const failing = (name: string) => Object.assign(new Error(name), { name });

const auth = () =>
  createAmplifyAuth({
    region: 'ap-southeast-2',
    userPoolId: 'ap-southeast-2_LocalPool1',
    userPoolClientId: 'client',
    apiBase: '',
    contactBase: '/beta',
  });

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('accessToken', () => {
  it('fails, keeping the session, when the refresh cannot reach the pool', async () => {
    jest.mocked(fetchAuthSession).mockRejectedValue(failing('NetworkError'));
    await expect(auth().accessToken()).rejects.toMatchObject({ name: 'NetworkError' });
  });

  it('answers no token once the refresh is refused: the session has ended', async () => {
    jest.mocked(fetchAuthSession).mockRejectedValue(failing('NotAuthorizedException'));
    await expect(auth().accessToken()).resolves.toBeNull();
  });
});
