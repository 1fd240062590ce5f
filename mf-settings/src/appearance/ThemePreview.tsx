import type { CSSProperties, ReactNode } from 'react';
import { PRODUCT_NAME } from '@hf/app-kit';
import type { ThemeColors } from './themes-api';
import { COLOR_SECTIONS } from './color-sections';

export interface ThemePreviewProps {
  colors: ThemeColors;
  selectedSection: string;
  onSelectSection: (sectionId: string) => void;
}

const sectionLabel = (id: string) => COLOR_SECTIONS.find((s) => s.id === id)?.label ?? id;

interface PreviewPartProps {
  section: string;
  selected: boolean;
  onSelect: (sectionId: string) => void;
  className: string;
  style: CSSProperties;
  children: ReactNode;
}

/** One clickable part of the preview: selects its colour section (mouse, Enter or Space). */
function PreviewPart({ section, selected, onSelect, className, style, children }: PreviewPartProps) {
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={sectionLabel(section)}
      aria-pressed={selected}
      data-section={section}
      className={`hf-preview__part ${className}${selected ? ' hf-preview__part--selected' : ''}`}
      style={style}
      onClick={() => onSelect(section)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect(section);
        }
      }}
    >
      {children}
    </div>
  );
}

function PreviewRow({ label, amount, background }: { label: string; amount: string; background: string }) {
  return (
    <div className="hf-preview__row" style={{ background }}>
      <span>{label}</span>
      <span className="hf-preview__amount">{amount}</span>
    </div>
  );
}

/**
 * A miniature of the app painted with the colours being edited. Each part is a button that
 * selects its colour section; the page title stands for "Page background and text". Behind the
 * content lies a backdrop (not a parent of it, so no clickable part sits inside another) that
 * takes clicks on the page background between the parts.
 */
export function ThemePreview({ colors, selectedSection, onSelectSection }: ThemePreviewProps) {
  const part = (section: string) => ({ section, selected: selectedSection === section, onSelect: onSelectSection });
  return (
    <div
      className="hf-preview"
      role="group"
      aria-label="Theme preview"
      style={{ background: colors.mainBg, color: colors.mainText }}
    >
      {/* Mouse convenience only: clicks between the parts land here. The accessible page part is the title below. */}
      <div
        aria-hidden="true"
        className={`hf-preview__backdrop${selectedSection === 'page' ? ' hf-preview__part--selected' : ''}`}
        data-section="page"
        onClick={() => onSelectSection('page')}
      />
      <div className="hf-preview__content">
        <PreviewPart
          {...part('header')}
          className="hf-preview__header"
          style={{ background: colors.primaryBg, color: colors.primaryText }}
        >
          <strong>{PRODUCT_NAME}</strong>
          <span className="hf-preview__nav">Dashboard · Budget · Reports</span>
        </PreviewPart>
        <div className="hf-preview__body">
          <PreviewPart {...part('page')} className="hf-preview__title" style={{ color: colors.mainText }}>
            <span className="hf-preview__heading">Checking</span>
            <span>Cleared balance $1,234.56</span>
          </PreviewPart>
          <div className="hf-preview__columns">
            <PreviewPart
              {...part('secondary')}
              className="hf-preview__panel"
              style={{ background: colors.secondaryBg, color: colors.mainText }}
            >
              <span className="hf-preview__panel-title">Envelopes</span>
              <span>Groceries: $120 left</span>
              <span>Fuel: $45 left</span>
            </PreviewPart>
            <div className="hf-preview__register">
              <PreviewPart
                {...part('entry')}
                className="hf-preview__entry"
                style={{ background: colors.rowEntryBg, borderColor: colors.rowEntryBorder, color: colors.mainText }}
              >
                <span className="hf-preview__input">Date</span>
                <span className="hf-preview__input hf-preview__input--wide">Payee</span>
                <span className="hf-preview__input">Amount</span>
              </PreviewPart>
              <PreviewPart {...part('rows')} className="hf-preview__rows" style={{ color: colors.mainText }}>
                <PreviewRow label="Grocery Mart" amount="-54.20" background={colors.rowDefaultBg} />
                <PreviewRow label="Rent (budgeted)" amount="-950.00" background={colors.rowBudgetBg} />
                <PreviewRow label="Coffee (editing)" amount="-4.50" background={colors.rowEditBg} />
                <PreviewRow label="Paycheck (highlighted)" amount="2,100.00" background={colors.rowHighlightBg} />
              </PreviewPart>
              <PreviewPart {...part('status')} className="hf-preview__statuses" style={{ color: colors.mainText }}>
                <span>Status:</span>
                <span
                  className="hf-preview__badge"
                  style={{ background: colors.statusPendingBg, color: colors.statusPendingText }}
                >
                  Pending
                </span>
                <span
                  className="hf-preview__badge"
                  style={{ background: colors.statusClearedBg, color: colors.statusClearedText }}
                >
                  Cleared
                </span>
              </PreviewPart>
            </div>
          </div>
          <PreviewPart
            {...part('button')}
            className="hf-preview__button"
            style={{ background: colors.buttonPrimaryBg, color: colors.buttonPrimaryText }}
          >
            Add Transaction
          </PreviewPart>
        </div>
      </div>
    </div>
  );
}
