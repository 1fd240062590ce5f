export default async function globalTeardown(): Promise<void> {
  const pgServer = (globalThis as { __embeddedPg?: { stop: () => Promise<void> } }).__embeddedPg;
  if (pgServer) await pgServer.stop();
}
