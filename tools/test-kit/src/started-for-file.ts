/**
 * What a test file starts before its tests and closes after them (a service, a stack), named at the
 * top of the file: `const svc = startedForFile(() => startService());`. Its properties are read from
 * the started thing when they are used, in a hook or a test. `extras` are there from the start
 * (callers that reach the started thing only when they are called).
 */
export function startedForFile<T extends { close(): Promise<unknown> }, E extends object = object>(
  start: () => Promise<T>,
  extras: E = {} as E,
): T & E {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy(extras, {
    get(target, key) {
      if (key in target) return Reflect.get(target, key);
      if (!started) throw new Error(`${String(key)}: what the test file uses starts in beforeAll`);
      const value: unknown = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  }) as T & E;
}
