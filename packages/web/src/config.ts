import { createContext, useContext } from 'react';

/** The SPA's runtime configuration: public values only, written at deploy (or served by the local runtime). */
export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
  apiBase: string;
  contactBase: string;
  /** The home page's product video (a YouTube id, played through youtube-nocookie). */
  homeVideoId?: string;
}

export async function loadConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

export const ConfigContext = createContext<Partial<RuntimeConfig>>({});

export function useConfig(): Partial<RuntimeConfig> {
  return useContext(ConfigContext);
}
