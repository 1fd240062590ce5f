import { createInstance, getInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTES, type RemoteLocation, type RemoteName } from './locations';

export { REMOTES, type RemoteLocation, type RemoteName } from './locations';

export interface RemotePageModule {
  default: ComponentType;
}

/** How the shell gets a page out of a remote (tests hand in other locations or loaders). */
export interface RemoteLoader {
  load(remote: RemoteName, module: string): Promise<RemotePageModule>;
  /** Forget a failed remote so the next `load` fetches its remoteEntry.js again. */
  reset(remote: RemoteName): void;
}

/**
 * The host's federation instance: the one the build plugin created at start-up (it owns the
 * shared scope with react, router, query and our packages), else a plain runtime instance
 * (jest, where no bundler runs).
 */
function hostInstance(): ModuleFederation {
  return getInstance() ?? createInstance({ name: 'shell', remotes: [], shareStrategy: 'loaded-first' });
}

/** Loads remote pages with the Module Federation runtime, registering remotes on first use. */
export function createFederationLoader(locations: Record<RemoteName, RemoteLocation> = REMOTES): RemoteLoader {
  let federation: ModuleFederation | null = null;
  const registered = new Set<RemoteName>();
  const mf = (remote: RemoteName, force = false) => {
    federation ??= hostInstance();
    if (force || !registered.has(remote)) {
      // `force` drops the cached container and module factories of that remote.
      federation.registerRemotes([{ ...locations[remote] }], { force });
      registered.add(remote);
    }
    return federation;
  };
  return {
    async load(remote, module) {
      const id = `${locations[remote].name}/${module.replace(/^\.\//, '')}`;
      const exposed = await mf(remote).loadRemote<RemotePageModule>(id);
      if (!exposed || !exposed.default) throw new Error(`${id} has no default export`);
      return exposed;
    },
    reset(remote) {
      if (registered.has(remote)) mf(remote, true);
    },
  };
}
