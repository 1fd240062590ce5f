import {
  REGISTER_FIRST_PAGE_ROWS,
  takeArrivedRegisterFirstPage,
  takeRegisterFirstPage,
} from '@hf/app-kit/ledger/register-start';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { transactionsApi } from './api';
import { RegisterStore, type FetchPage } from './register-store';

export type EntryPosition = 'header' | 'inline' | 'footer';
export const ENTRY_POSITION_KEY = 'ledger.entryLinePosition';

/** Where the entry line sits, remembered in localStorage. */
export function useEntryPosition(): [EntryPosition, (p: EntryPosition) => void] {
  const [position, setPosition] = useState<EntryPosition>(() => {
    const saved = localStorage.getItem(ENTRY_POSITION_KEY);
    return saved === 'inline' || saved === 'footer' || saved === 'header' ? saved : 'header';
  });
  const set = useCallback((p: EntryPosition) => {
    localStorage.setItem(ENTRY_POSITION_KEY, p);
    setPosition(p);
  }, []);
  return [position, set];
}

export type HighlightKind = 'new' | 'edited';
/** Edited rows stay highlighted 3 s, new rows about 2.5 s (docs/rules/screens.md). */
export const HIGHLIGHT_MS: Record<HighlightKind, number> = { edited: 3000, new: 2500 };

export function useHighlights() {
  const [highlights, setHighlights] = useState<ReadonlyMap<number, HighlightKind>>(new Map());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const flash = useCallback((id: number, kind: HighlightKind) => {
    const existing = timers.current.get(id);
    if (existing) clearTimeout(existing);
    setHighlights((m) => new Map(m).set(id, kind));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setHighlights((m) => {
          const next = new Map(m);
          next.delete(id);
          return next;
        });
      }, HIGHLIGHT_MS[kind]),
    );
  }, []);
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);
  return { highlights, flash };
}

/**
 * The newest 400 rows come first (today and the planned future rows are among them, and they
 * arrive in one small answer); older rows follow in pages of 5,000 (the API's maximum).
 */
export const FIRST_PAGE_ROWS = REGISTER_FIRST_PAGE_ROWS;
export const OLDER_PAGE_ROWS = 5000;

/**
 * The register's page requests. The store's very first request takes the first page a page load
 * of this register started in the shell (@hf/app-kit/ledger/register-start), when there is one
 * and it did not fail; every later request (older pages, re-reads) goes to the server.
 */
export function registerPages(accountId: number): FetchPage {
  let first = true;
  return (query, signal) => {
    const started = first && query.limit === FIRST_PAGE_ROWS && !query.before ? takeRegisterFirstPage(accountId) : null;
    first = false;
    const ask = () => transactionsApi.page(accountId, query, signal);
    return started ? started.catch(ask) : ask();
  };
}

/**
 * One paged register store per account, started on mount and stopped on unmount. When a page
 * load's first page has already arrived, the store holds it from the start: the register's
 * first render shows the rows (no loading state, no second render of the whole register).
 */
export function useRegisterStore(accountId: number) {
  const store = useMemo(
    () =>
      new RegisterStore(registerPages(accountId), {
        firstPageSize: FIRST_PAGE_ROWS,
        pageSize: OLDER_PAGE_ROWS,
        firstPage: takeArrivedRegisterFirstPage(accountId),
      }),
    [accountId],
  );
  useEffect(() => {
    store.start().catch(() => undefined);
    return () => store.stop();
  }, [store]);
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return { store, state };
}
