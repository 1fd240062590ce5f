import type { ReactNode } from 'react';

/** A button that shows only an icon: `label` names it for screen readers, `title` is its tooltip. */
export function IconButton({
  label,
  title,
  onClick,
  danger,
  className = 'ledger-icon-button',
  children,
}: {
  label: string;
  title: string;
  onClick: () => void;
  /** Turns red on hover (deleting). */
  danger?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={danger ? `${className} ledger-icon-button--danger` : className}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
