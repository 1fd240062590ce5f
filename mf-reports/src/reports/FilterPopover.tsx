import { useDisclosure } from '@hf/ui/use-disclosure';
import { useId, type ReactNode } from 'react';

/**
 * A labelled filter button that opens a panel of checkboxes (the account multi-select and the
 * category hide filter). The panel stays open while boxes are ticked; a press outside or
 * Escape closes it.
 */
export function FilterPopover({
  label,
  buttonText,
  children,
  className,
}: {
  label: string;
  buttonText: string;
  children: ReactNode;
  className?: string;
}) {
  const { open, toggle, containerRef, buttonRef, panelId } = useDisclosure();
  const labelId = useId();
  const textId = useId();
  return (
    <div className={`report-popover${className ? ` ${className}` : ''}`} ref={containerRef}>
      <span className="report-filter__label" id={labelId}>
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="hf-button report-popover__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-labelledby={`${labelId} ${textId}`}
        title={buttonText}
        onClick={toggle}
      >
        <span id={textId} className="report-popover__text">
          {buttonText}
        </span>
        <span className="report-popover__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div id={panelId} className="report-popover__panel" role="group" aria-labelledby={labelId}>
          {children}
        </div>
      )}
    </div>
  );
}
