import { sameThemeId, type SavedTheme, type Theme, type ThemeId } from './themes-api';
import { THEME_MESSAGES } from './theme-messages';

export interface ThemeLibraryProps {
  builtIns: Theme[];
  saved: SavedTheme[];
  savedLoading: boolean;
  activeId: ThemeId | null;
  onLoad: (theme: Theme) => void;
  onDelete: (theme: SavedTheme) => void;
}

function Swatches({ theme }: { theme: Theme }) {
  const { primaryBg, mainBg, secondaryBg, buttonPrimaryBg } = theme.colors;
  return (
    <span className="hf-theme-card__swatches" aria-hidden="true">
      {[primaryBg, mainBg, secondaryBg, buttonPrimaryBg].map((color, i) => (
        <span key={i} className="hf-theme-card__swatch" style={{ background: color }} />
      ))}
    </span>
  );
}

function ThemeCard({
  theme,
  active,
  onLoad,
  onDelete,
}: {
  theme: Theme;
  active: boolean;
  onLoad: () => void;
  onDelete?: () => void;
}) {
  return (
    <li className={`hf-theme-card${active ? ' hf-theme-card--active' : ''}`} aria-current={active ? 'true' : undefined}>
      <Swatches theme={theme} />
      <span className="hf-theme-card__name">
        {theme.name}
        {active && <span className="hf-settings__tag"> (active)</span>}
      </span>
      <span className="hf-settings__actions">
        <button type="button" className="hf-button" onClick={onLoad}>
          Load
        </button>
        {onDelete && (
          <button type="button" className="hf-button hf-button--danger" onClick={onDelete}>
            Delete
          </button>
        )}
      </span>
    </li>
  );
}

/** The built-in themes (Default, Dark Mode, Blue Ocean) and the user's saved themes, each with Load. */
export function ThemeLibrary({ builtIns, saved, savedLoading, activeId, onLoad, onDelete }: ThemeLibraryProps) {
  return (
    <div className="hf-theme-library">
      <section className="hf-settings__panel" aria-labelledby="builtin-themes-heading">
        <h2 id="builtin-themes-heading">Built-in Themes</h2>
        <ul className="hf-theme-list" aria-label="Built-in themes">
          {builtIns.map((theme) => (
            <ThemeCard
              key={String(theme.id)}
              theme={theme}
              active={sameThemeId(theme.id, activeId)}
              onLoad={() => onLoad(theme)}
            />
          ))}
        </ul>
      </section>
      <section className="hf-settings__panel" aria-labelledby="saved-themes-heading">
        <h2 id="saved-themes-heading">Saved Themes</h2>
        {saved.length === 0 ? (
          !savedLoading && <p className="hf-settings__empty">{THEME_MESSAGES.noSavedThemes}</p>
        ) : (
          <ul className="hf-theme-list" aria-label="Saved themes">
            {saved.map((theme) => (
              <ThemeCard
                key={theme.id}
                theme={theme}
                active={sameThemeId(theme.id, activeId)}
                onLoad={() => onLoad(theme)}
                onDelete={() => onDelete(theme)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
