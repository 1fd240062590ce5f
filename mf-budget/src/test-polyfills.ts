// jsdom lacks TextEncoder/TextDecoder, which react-router 7 reads at import time.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder: globalThis.TextEncoder ?? TextEncoder, TextDecoder: globalThis.TextDecoder ?? TextDecoder });
