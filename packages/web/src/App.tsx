import { useCallback, useState } from 'react';
import { AppRoutes } from './AppRoutes';
import { HttpApiProvider } from './api/ApiContext';
import { AuthProvider, type RestoredSession } from './auth/AuthContext';
import type { AuthService } from './auth/types';
import { ConfigContext, type RuntimeConfig } from './config';
import { preloadChunks } from './lib/preload';
import { GuardedRouter, browserHistory } from './navigation/GuardedRouter';

/** Amplify's code, loaded on demand: it stays out of the first chunk. */
export function loadAmplifyCode() {
  preloadChunks('auth/amplify');
  return import('./auth/amplify');
}

/** The AuthService over Amplify, configured for `config`. */
export function loadAmplifyAuth(config: RuntimeConfig): Promise<AuthService> {
  return loadAmplifyCode().then((m) => m.createAmplifyAuth(config));
}

/** The production composition: Amplify (loaded on demand) and the HTTP API. */
export function App(props: { config: RuntimeConfig; restored?: RestoredSession }) {
  const { config, restored } = props;
  const [history] = useState(browserHistory);
  const loadAuth = useCallback(() => loadAmplifyAuth(config), [config]);
  return (
    <ConfigContext.Provider value={config}>
      <GuardedRouter history={history}>
        <AuthProvider load={loadAuth} restored={restored}>
          <HttpApiProvider config={config}>
            <AppRoutes />
          </HttpApiProvider>
        </AuthProvider>
      </GuardedRouter>
    </ConfigContext.Provider>
  );
}
