/**
 * What jsdom lacks and react-router needs. Imported first by the test harness
 * (the web jest project has no setup file of its own).
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
