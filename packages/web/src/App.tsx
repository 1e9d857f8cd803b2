import { useCallback, useState } from 'react';
import { AppRoutes } from './AppRoutes';
import { HttpApiProvider } from './api/ApiContext';
import { AuthProvider } from './auth/AuthContext';
import { ConfigContext, type RuntimeConfig } from './config';
import { GuardedRouter, browserHistory } from './navigation/GuardedRouter';

/** The production composition: Amplify (loaded on demand) and the HTTP API. */
export function App(props: { config: RuntimeConfig }) {
  const { config } = props;
  const [history] = useState(browserHistory);
  const loadAuth = useCallback(
    () => import('./auth/amplify').then((m) => m.createAmplifyAuth(config)),
    [config],
  );
  return (
    <ConfigContext.Provider value={config}>
      <GuardedRouter history={history}>
        <AuthProvider load={loadAuth}>
          <HttpApiProvider config={config}>
            <AppRoutes />
          </HttpApiProvider>
        </AuthProvider>
      </GuardedRouter>
    </ConfigContext.Provider>
  );
}
