import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { createFederationLoader, type RemoteLoader, type RemoteName } from './registry';

/** A remote that has not answered after this long is treated as down (the user can retry). */
export const REMOTE_TIMEOUT_MS = 10_000;
export const REMOTE_UNAVAILABLE_TEXT = 'This part of the app is unavailable right now.';

export interface RemoteSettings {
  loader: RemoteLoader;
  timeoutMs: number;
}

let defaultSettings: RemoteSettings | null = null;
function getDefaultSettings(): RemoteSettings {
  defaultSettings ??= { loader: createFederationLoader(), timeoutMs: REMOTE_TIMEOUT_MS };
  return defaultSettings;
}

const RemoteSettingsContext = createContext<RemoteSettings | null>(null);

/** Lets tests (or a future preview mode) swap the loader or the timeout. */
export function RemoteSettingsProvider({ value, children }: { value: RemoteSettings; children: ReactNode }) {
  return <RemoteSettingsContext.Provider value={value}>{children}</RemoteSettingsContext.Provider>;
}

/** Pages already loaded, per loader, so going back to a page does not flash "Loading". */
const loadedPages = new WeakMap<RemoteLoader, Map<string, ComponentType>>();
function pageCache(loader: RemoteLoader): Map<string, ComponentType> {
  let cache = loadedPages.get(loader);
  if (!cache) loadedPages.set(loader, (cache = new Map()));
  return cache;
}

/**
 * Starts loading a remote page before React renders it (a page load of that page): its code
 * downloads while the shell boots, and RemotePage finds it loaded or joins the same load. A
 * failure is left to RemotePage, which loads again and shows its fallback. Settles (never
 * rejects) when the page is loaded or has failed.
 */
export function preloadRemotePage(remote: RemoteName, module: string): Promise<void> {
  const { loader } = getDefaultSettings();
  const id = `${remote}/${module}`;
  return loader.load(remote, module).then(
    (exposed) => {
      if (!pageCache(loader).has(id)) pageCache(loader).set(id, exposed.default);
    },
    () => undefined,
  );
}

class RemoteTimeoutError extends Error {
  constructor(id: string, ms: number) {
    super(`${id} did not load within ${ms} ms`);
    this.name = 'RemoteTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, id: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteTimeoutError(id, ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="hf-remote-fallback" role="alert">
      <p>{REMOTE_UNAVAILABLE_TEXT}</p>
      <button type="button" className="hf-button hf-button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote page that throws while rendering; the header and the rest stay up. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A remote page failed while rendering', error, info.componentStack);
  }

  private retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    return this.state.failed ? <RemoteFallback onRetry={this.retry} /> : this.props.children;
  }
}

type LoadState = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed' };

/**
 * One page of a remote behind a loading state, a timeout, an error boundary and a Retry
 * button. A remote that is down, slow or broken never blanks the shell.
 */
export function RemotePage({ remote, module }: { remote: RemoteName; module: string }) {
  const { loader, timeoutMs } = useContext(RemoteSettingsContext) ?? getDefaultSettings();
  const id = `${remote}/${module}`;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const Page = pageCache(loader).get(id);
    return Page ? { status: 'ready', Page } : { status: 'loading' };
  });

  useEffect(() => {
    const cached = pageCache(loader).get(id);
    if (cached) {
      setState((s) => (s.status === 'ready' && s.Page === cached ? s : { status: 'ready', Page: cached }));
      return undefined;
    }
    let current = true;
    setState({ status: 'loading' });
    withTimeout(loader.load(remote, module), timeoutMs, id).then(
      (exposed) => {
        pageCache(loader).set(id, exposed.default);
        if (current) setState({ status: 'ready', Page: exposed.default });
      },
      (err: unknown) => {
        console.error(`Could not load ${id}`, err);
        // Forget the broken container so that the next attempt fetches remoteEntry.js again.
        loader.reset(remote);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [loader, remote, module, id, timeoutMs, attempt]);

  /** After a failed load: load again. After a render error: mount the page again. */
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'loading') {
    return (
      <div className="hf-remote-loading" role="status" aria-live="polite">
        <span className="hf-spinner" aria-hidden="true" />
        Loading...
      </div>
    );
  }
  if (state.status === 'failed') return <RemoteFallback onRetry={retry} />;
  const { Page } = state;
  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry}>
      <Page />
    </RemoteErrorBoundary>
  );
}
