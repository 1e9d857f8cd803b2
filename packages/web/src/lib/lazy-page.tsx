import { type ComponentType, type JSX, lazy, useState } from 'react';
import { preloadChunks } from './preload';

export interface LazyPage {
  (): JSX.Element;
  /** Starts loading the page's code (and the chunks it needs); answers when it is ready. */
  preload(): Promise<unknown>;
  /** The module's path under src/ without extension: its key in the build's chunk table. */
  module: string;
}

/**
 * A page whose code loads on demand, like React.lazy, but which can also be
 * loaded ahead (the page of the address the app starts on, fetched with the
 * configuration): once its code is here it renders at once, without a spinner
 * in between. `name` is the module's path under src/ without extension, the
 * key of the build's chunk table (lib/preload.ts).
 */
export function lazyPage(name: string, load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    if (!loading) {
      preloadChunks(name);
      loading = load().then(
        (component) => (loaded = component),
        (error: unknown) => {
          // Not remembered: the next render asks again.
          loading = undefined;
          throw error;
        },
      );
    }
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page() {
    // Chosen once per mount: switching from Lazy to the loaded component would remount the page.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready /> : <Lazy />;
  }
  return Object.assign(Page, { preload, module: name });
}
