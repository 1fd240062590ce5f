import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// The machines' two cores are shared by many runs: findBy* / waitFor wait up to 5 s (the library's
// 1 s failed first renders under load) and a test may take 30 s. Longer waits assert nothing about time.
configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(30_000);

// jsdom lacks what react-router 7 and typebox read at import time, and ResizeObserver.
const g = globalThis as unknown as Record<string, unknown>;
g.TextEncoder ??= TextEncoder;
g.TextDecoder ??= TextDecoder;

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
g.ResizeObserver ??= ResizeObserverStub;
