/**
 * What jsdom lacks and react-router needs. Imported first by the test harness
 * (the web jest project has no setup file of its own).
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// Component tests that walk a form step by step render many times; on a busy
// 2-core machine one can outlast Jest's 5 s default without anything being wrong.
jest.setTimeout(20_000);
