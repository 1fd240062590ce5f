import { useEffect, useId, useState } from 'react';
import type { ThemeColorKey } from '@hf/app-kit';
import { isAcceptedColor, toPickerHex, type ColorSection } from './color-sections';
import type { ThemeColors } from './themes-api';

export interface ColorEditorProps {
  section: ColorSection;
  colors: ThemeColors;
  onChange: (key: ThemeColorKey, value: string) => void;
  onResetSection: () => void;
}

/** A colour picker plus its text form; the text applies once it is a colour svc-auth accepts. */
function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const invalid = draft.trim() !== '' && !isAcceptedColor(draft);
  return (
    <div className="hf-color-field">
      <label htmlFor={id}>{label}</label>
      <div className="hf-color-field__inputs">
        <input id={id} type="color" value={toPickerHex(value)} onChange={(e) => onChange(e.target.value)} />
        <input
          type="text"
          aria-label={`${label} hex`}
          aria-invalid={invalid || undefined}
          spellCheck={false}
          maxLength={64}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            if (isAcceptedColor(e.target.value)) onChange(e.target.value.trim());
          }}
          onBlur={() => setDraft(value)}
        />
      </div>
    </div>
  );
}

/** The colours of the selected preview section, with "Reset Section". */
export function ColorEditor({ section, colors, onChange, onResetSection }: ColorEditorProps) {
  return (
    <section className="hf-settings__panel hf-color-editor" aria-labelledby="color-editor-heading">
      <h2 id="color-editor-heading">
        Editing: <span className="hf-color-editor__section">{section.label}</span>
      </h2>
      <div className="hf-color-editor__fields">
        {section.colors.map(({ key, label }) => (
          <ColorField key={key} label={label} value={colors[key]} onChange={(value) => onChange(key, value)} />
        ))}
      </div>
      <button type="button" className="hf-button" onClick={onResetSection}>
        Reset Section
      </button>
    </section>
  );
}
