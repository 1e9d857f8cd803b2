/**
 * What jsdom lacks and react-router needs. Imported first by the test harness
 * (the web jest project has no setup file of its own).
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';

/**
 * react-router's data router describes each navigation as a fetch Request,
 * which jsdom lacks. The app has no loaders or actions to read one, so the
 * router itself reads only its URL, method and abort signal.
 */
class NavigationRequest {
  readonly method: string;
  readonly signal: AbortSignal | null;
  readonly headers = new Map<string, string>();
  constructor(
    readonly url: string,
    init: { method?: string; signal?: AbortSignal | null } = {},
  ) {
    this.method = init.method ?? 'GET';
    this.signal = init.signal ?? null;
  }
}

Object.assign(globalThis, { TextEncoder, TextDecoder, Request: NavigationRequest });

// Component tests that walk a form step by step render many times; on a busy
// 2-core machine one can outlast Jest's 5 s default without anything being wrong.
jest.setTimeout(20_000);

// Pages load their code on demand (route.lazy): the first `findBy` of a test file
// waits for that import as well as for the render, which on a busy machine
// can take longer than Testing Library's 1 s default. A wait that never
// succeeds still fails; only the patience grows.
configure({ asyncUtilTimeout: 5_000 });
