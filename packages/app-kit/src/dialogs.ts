/**
 * The promise-returning dialogs a multi-step flow awaits (`await dialogs.confirm(...)`). @hf/ui's
 * `useDialogs` renders them; flows written against this interface (the category creation flow)
 * stay testable without a screen.
 */
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** An optional checkbox under the message ("Don't ask again during this session"). */
  checkboxLabel?: string;
}

export interface ConfirmResult {
  ok: boolean;
  checked: boolean;
}

export interface Choice {
  value: string;
  label: string;
  primary?: boolean;
}

export interface DialogRequests {
  alert(title: string, message: ReactNode): Promise<void>;
  confirm(options: ConfirmOptions): Promise<ConfirmResult>;
  /** Resolves with the chosen value, or null when the person cancels. */
  choose(title: string, message: ReactNode, choices: Choice[]): Promise<string | null>;
}
