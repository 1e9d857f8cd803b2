import { useCallback } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { HttpApiProvider } from './api/ApiContext';
import { AuthProvider } from './auth/AuthContext';
import { ConfigContext, type RuntimeConfig } from './config';

/** The production composition: Amplify (loaded on demand) and the HTTP API. */
export function App(props: { config: RuntimeConfig }) {
  const { config } = props;
  const loadAuth = useCallback(
    () => import('./auth/amplify').then((m) => m.createAmplifyAuth(config)),
    [config],
  );
  return (
    <ConfigContext.Provider value={config}>
      <BrowserRouter>
        <AuthProvider load={loadAuth}>
          <HttpApiProvider config={config}>
            <AppRoutes />
          </HttpApiProvider>
        </AuthProvider>
      </BrowserRouter>
    </ConfigContext.Provider>
  );
}
