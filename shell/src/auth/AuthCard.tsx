import type { ReactNode } from 'react';

/** The centred card the public auth screens share. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="hf-auth">
      <div className="hf-card hf-auth__card">
        <h1 className="hf-auth__title">{title}</h1>
        {subtitle && <p className="hf-auth__subtitle">{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="hf-status hf-status--error" role="alert">
      {message}
    </p>
  );
}

export function FormSuccess({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="hf-status hf-status--success" role="status">
      {message}
    </p>
  );
}
