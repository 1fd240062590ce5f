import { createContext, useContext } from 'react';
import type { Reconciliation } from './api';

/** The reconciliation being worked on in an account's register, shared by the account's frame and its register. */
export interface ReconcileSession {
  accountId: number;
  /** The open reconciliation the register works on, or null. */
  open: Reconciliation | null;
  /** Leaves the register's reconcile view; the reconciliation stays open on the server. */
  close: () => void;
  /** After a finish: the account and its register are read again. */
  finished: (message: string) => void;
}

export const ReconcileContext = createContext<ReconcileSession | null>(null);

/** The account's reconcile session, or null outside an account frame. */
export function useReconcileSession(): ReconcileSession | null {
  return useContext(ReconcileContext);
}
