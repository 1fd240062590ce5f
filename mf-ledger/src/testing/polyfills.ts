// jsdom lacks TextEncoder/TextDecoder, which react-router 7 reads at import time.
import { TextDecoder, TextEncoder } from 'node:util';

const g = globalThis as Record<string, unknown>;
g.TextEncoder ??= TextEncoder;
g.TextDecoder ??= TextDecoder;
