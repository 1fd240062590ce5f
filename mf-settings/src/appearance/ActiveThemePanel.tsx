import { useId, useState, type FormEvent } from 'react';
import type { Theme } from './themes-api';

export interface ActiveThemePanelProps {
  active: Theme;
  modified: boolean;
  saving: boolean;
  /** Only saved themes can be deleted: for a built-in, Delete Theme is disabled and says why. */
  deletable: boolean;
  /** Resolves true when saved (the name field is then cleared). */
  onSave: (name: string) => Promise<boolean>;
  onDeleteActive: () => void;
  onResetToDefault: () => void;
}

/** The active theme's name with save (current colours under a name), delete and reset to default. */
export function ActiveThemePanel({
  active,
  modified,
  saving,
  deletable,
  onSave,
  onDeleteActive,
  onResetToDefault,
}: ActiveThemePanelProps) {
  const nameId = useId();
  const deleteHintId = useId();
  const [name, setName] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSave(name)) setName('');
  };
  return (
    <section className="hf-settings__panel hf-active-theme" aria-labelledby="active-theme-heading">
      <div className="hf-active-theme__summary">
        <h2 id="active-theme-heading">
          Active theme: <span className="hf-active-theme__name">{active.name}</span>
        </h2>
        {modified && <span className="hf-settings__tag">Unsaved colour changes</span>}
      </div>
      <div className="hf-active-theme__controls">
        <form className="hf-settings__form" onSubmit={submit} noValidate>
          <div className="hf-settings__field">
            <label htmlFor={nameId}>Theme name</label>
            <input
              id={nameId}
              type="text"
              maxLength={100}
              placeholder="e.g. Sunset"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <button type="submit" className="hf-button hf-button--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save Theme'}
          </button>
        </form>
        <div className="hf-settings__actions">
          <button
            type="button"
            className="hf-button hf-button--danger"
            onClick={onDeleteActive}
            disabled={!deletable}
            aria-describedby={deletable ? undefined : deleteHintId}
          >
            Delete Theme
          </button>
          <button type="button" className="hf-button" onClick={onResetToDefault}>
            Reset to Default
          </button>
        </div>
        {!deletable && (
          <p id={deleteHintId} className="hf-settings__hint">
            Built-in themes cannot be deleted.
          </p>
        )}
      </div>
    </section>
  );
}
