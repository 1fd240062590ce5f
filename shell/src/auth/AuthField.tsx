import type { InputHTMLAttributes, ReactNode } from 'react';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'required'> & {
  label: string;
  onValue: (value: string) => void;
};

/** A labelled, required input of the auth forms; `onValue` gets the typed text. */
export function AuthField({ label, onValue, ...input }: FieldProps) {
  return (
    <label className="hf-field">
      <span>{label}</span>
      <input {...input} required onChange={(e) => onValue(e.target.value)} />
    </label>
  );
}

/** The email field; while `locked` (joining a household) it shows the invitation's address, read-only. */
export function EmailField({
  autoComplete,
  value,
  locked,
  onValue,
}: {
  autoComplete: 'email' | 'username';
  value: string;
  locked?: boolean;
  onValue: (value: string) => void;
}) {
  return (
    <AuthField
      label="Email"
      type="email"
      name="email"
      autoComplete={autoComplete}
      value={value}
      readOnly={locked}
      aria-readonly={locked}
      className={locked ? 'hf-input--locked' : undefined}
      onValue={onValue}
    />
  );
}

/** The full-width primary button that sends an auth form; disabled while it is being sent. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="hf-button hf-button--primary hf-button--block" disabled={busy}>
      {children}
    </button>
  );
}
