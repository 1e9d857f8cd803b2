/**
 * Fakes and a render helper for component tests: the pages get an AuthService
 * and an Api through their contexts, so tests inject fakes instead of mocking
 * modules.
 */
import './polyfills';
import '@testing-library/jest-dom';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import {
  type InitialEntry,
  Outlet,
  RouterProvider,
  createMemoryRouter,
  useLocation,
} from 'react-router-dom';
import { routes } from '../AppRoutes';
import { ApiProvider } from '../api/ApiContext';
import type { Api } from '../api/api';
import { ApiError } from '../api/errors';
import { type AuthContextValue, AuthProvider, useAuth } from '../auth/AuthContext';
import type { AuthService, SessionUser, SignInOutcome } from '../auth/types';
import type { RequestActivity } from '../api/activity';
import { TodayContext } from '../lib/today';
import { TEST_TODAY, USER } from './builders';

export { TEST_TODAY, USER, activity, certification, entry, proofFile, readiness } from './builders';

/** An AuthService whose every method is a jest mock; signed in as `user` unless null. */
export function fakeAuth(user: SessionUser | null = { email: USER.email }) {
  let current = user;
  const auth = {
    currentUser: jest.fn(() => Promise.resolve(current)),
    accessToken: jest.fn((): Promise<string | null> => Promise.resolve(current ? 'token' : null)),
    signIn: jest.fn((email: string): Promise<SignInOutcome> => {
      current = { email };
      return Promise.resolve('signedIn');
    }),
    signOut: jest.fn(() => {
      current = null;
      return Promise.resolve();
    }),
    signUp: jest.fn(() => Promise.resolve({ needsConfirmation: true })),
    confirmSignUp: jest.fn(() => Promise.resolve()),
    resendSignUpCode: jest.fn(() => Promise.resolve()),
    resetPassword: jest.fn(() => Promise.resolve()),
    confirmResetPassword: jest.fn(() => Promise.resolve()),
    changePassword: jest.fn(() => Promise.resolve()),
  } satisfies AuthService;
  return auth;
}

/** An Api where every operation not given fails loudly, so a test sees unexpected calls. */
export function fakeApi(overrides: Partial<{ [K in keyof Api]: jest.Mock }> = {}) {
  const names: (keyof Api)[] = [
    'getUser',
    'ensureUser',
    'listCertifications',
    'createCertification',
    'updateCertification',
    'deleteCertification',
    'getCertification',
    'renewCertification',
    'listActivities',
    'createActivity',
    'getActivity',
    'updateActivity',
    'deleteActivity',
    'setSubmission',
    'uploadFile',
    'proposeActivity',
    'getReport',
    'attachFile',
    'listFiles',
    'fileLink',
    'deleteFile',
    'getReadiness',
    'listCycles',
    'recommendCertifications',
    'searchCatalogue',
    'getCatalogueEntry',
    'submitContact',
    'getAccountSettings',
    'updateAccountSettings',
    'enableCalendarFeed',
    'rotateCalendarFeed',
    'disableCalendarFeed',
    'exportAccount',
    'deleteAccount',
    'changePassword',
    'unsubscribe',
    'undoUnsubscribe',
    'listProposals',
    'createProposal',
    'acceptProposal',
    'dismissProposal',
    'proposalProofLink',
  ];
  const api = Object.fromEntries(
    names.map((name) => [
      name,
      jest.fn(() => Promise.reject(new Error(`unexpected call to ${name}`))),
    ]),
  ) as unknown as { [K in keyof Api]: jest.Mock<ReturnType<Api[K]>, Parameters<Api[K]>> };
  api.getUser.mockResolvedValue(USER);
  // The name field asks the catalogue as the user types; by default it knows nothing.
  api.searchCatalogue.mockResolvedValue([]);
  // The top bar counts the inbox on every signed-in page; by default it is empty.
  api.listProposals.mockResolvedValue([]);
  return Object.assign(api, overrides);
}

export function notFound(): ApiError {
  return new ApiError(404, 'Not found');
}

/** Hands the session's context to the test (to end it as a refused token would). */
function CaptureAuth(props: { into: { current: AuthContextValue | null } }) {
  props.into.current = useAuth();
  return null;
}

/** The routes, and the current location shown beside them so tests can assert navigations. */
function WithLocationProbe() {
  const location = useLocation();
  return (
    <>
      <Outlet />
      <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
        {location.pathname}
      </output>
    </>
  );
}

export function renderApp(
  options: {
    route?: InitialEntry;
    /** Entries before `route` in the history, for back and forward. */
    before?: InitialEntry[];
    auth?: ReturnType<typeof fakeAuth>;
    api?: ReturnType<typeof fakeApi>;
    /** Keep sessionStorage from the previous render, as a reload of the tab does. */
    keepSession?: boolean;
    /** Render one element on one route instead of the whole app. */
    element?: ReactElement;
    path?: string;
    /** Today's date for the pages (YYYY-MM-DD); TEST_TODAY by default. */
    today?: string;
    /** What the requests report to (the waking-up message). */
    activity?: RequestActivity;
  } = {},
) {
  const auth = options.auth ?? fakeAuth();
  const api = options.api ?? fakeApi();
  // No delay between simulated keystrokes: works with real and fake timers alike.
  const user = userEvent.setup({ delay: null });
  const load = () => Promise.resolve(auth);
  // Steps of account flows kept for a reload must not leak from one test into the next.
  if (!options.keepSession) window.sessionStorage.clear();
  const router = createMemoryRouter(
    [
      {
        Component: WithLocationProbe,
        children: options.element
          ? [
              { path: options.path ?? '*', element: options.element },
              ...(options.path ? [{ path: '*', element: null }] : []),
            ]
          : routes,
      },
    ],
    { initialEntries: [...(options.before ?? []), options.route ?? '/'] },
  );
  const today = options.today ?? TEST_TODAY;
  const session: { current: AuthContextValue | null } = { current: null };
  const result = render(
    <TodayContext.Provider value={() => today}>
      <AuthProvider load={load}>
        <CaptureAuth into={session} />
        <ApiProvider
          api={api as unknown as Api}
          {...(options.activity ? { activity: options.activity } : {})}
        >
          <RouterProvider router={router} />
        </ApiProvider>
      </AuthProvider>
    </TodayContext.Provider>,
  );
  return {
    ...result,
    auth,
    api,
    user,
    router,
    /** Ends the session as the API's 401 does (signed out in another tab). */
    endSession: () => (session.current as AuthContextValue).endSession(),
  };
}

/** The path the app is on now. */
export function currentPath(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}

export function currentState(): unknown {
  return JSON.parse(
    document.querySelector('[data-testid="location"]')?.getAttribute('data-state') ?? 'null',
  );
}

// jsdom does not implement scrolling; the app scrolls to the top after navigations.
window.scrollTo = () => undefined;
