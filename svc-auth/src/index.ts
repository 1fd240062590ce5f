export { buildApp, type AppOptions } from './app';
export { BUILT_IN_THEMES } from './domain/themes';
