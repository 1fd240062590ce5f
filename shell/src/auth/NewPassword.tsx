import { useState } from 'react';
import { AuthField } from './AuthField';
import { AUTH_TEXTS } from './texts';

export interface NewPassword {
  password: string;
  confirm: string;
  setPassword: (value: string) => void;
  setConfirm: (value: string) => void;
  /** The error to show instead of sending: the two entries differ. */
  refusal: string | null;
}

/** A new password typed twice (register and reset). */
export function useNewPassword(): NewPassword {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const refusal = password !== confirm ? AUTH_TEXTS.passwordsDoNotMatch : null;
  return { password, confirm, setPassword, setConfirm, refusal };
}

/** The new password and its confirmation; the second is labelled "Confirm <label>". */
export function NewPasswordFields({ label, entry }: { label: string; entry: NewPassword }) {
  return (
    <>
      <AuthField
        label={label}
        type="password"
        name="password"
        autoComplete="new-password"
        placeholder={AUTH_TEXTS.passwordHint}
        value={entry.password}
        onValue={entry.setPassword}
      />
      <AuthField
        label={`Confirm ${label}`}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={entry.confirm}
        onValue={entry.setConfirm}
      />
    </>
  );
}
