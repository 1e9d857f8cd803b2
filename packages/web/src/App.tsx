import { useCallback } from 'react';
import { type DataRouter, RouterProvider } from 'react-router-dom';
import { HttpApiProvider } from './api/ApiContext';
import { AuthProvider } from './auth/AuthContext';
import type { AuthService } from './auth/types';
import { ConfigContext, type RuntimeConfig } from './config';

/** Amplify's code, loaded on demand: it stays out of the first chunk. */
export const loadAmplifyCode = () => import('./auth/amplify');

/** The production composition: Amplify (loaded on demand), the HTTP API and the app's routes. */
export function App(props: { config: RuntimeConfig; router: DataRouter }) {
  const { config, router } = props;
  const loadAuth = useCallback(
    (): Promise<AuthService> => loadAmplifyCode().then((m) => m.createAmplifyAuth(config)),
    [config],
  );
  return (
    <ConfigContext.Provider value={config}>
      <AuthProvider load={loadAuth}>
        <HttpApiProvider config={config}>
          <RouterProvider router={router} />
        </HttpApiProvider>
      </AuthProvider>
    </ConfigContext.Provider>
  );
}
