import { useState } from 'react';
import { ConfirmDialog, StatusMessage, useTimedMessage } from '@hf/ui';
import { ActiveThemePanel } from './ActiveThemePanel';
import { ColorEditor } from './ColorEditor';
import { ContrastWarning } from './ContrastWarning';
import { COLOR_SECTIONS, sectionById } from './color-sections';
import { ThemeLibrary } from './ThemeLibrary';
import { ThemePreview } from './ThemePreview';
import { isSavedTheme, type SavedTheme } from './themes-api';
import { THEME_MESSAGES } from './theme-messages';
import { useThemeManager } from './use-theme-manager';

/** The appearance screen: active theme, live preview, colour editor and the theme library. */
export function AppearanceSettings() {
  const status = useTimedMessage();
  const manager = useThemeManager(status.show);
  const [sectionId, setSectionId] = useState(COLOR_SECTIONS[0].id);
  const [pendingDelete, setPendingDelete] = useState<SavedTheme | null>(null);

  if (!manager.active || !manager.colors) return <p className="hf-settings__loading">Loading themes…</p>;
  const { active, colors } = manager;
  const section = sectionById(sectionId);
  const askDelete = (theme: SavedTheme) => setPendingDelete(theme);

  return (
    <>
      <StatusMessage message={status.message} />
      <ActiveThemePanel
        active={active}
        modified={manager.modified}
        saving={manager.saving}
        onSave={manager.saveTheme}
        deletable={isSavedTheme(active)}
        onDeleteActive={() => manager.checkDeletable(active) && askDelete(active)}
        onResetToDefault={manager.resetToDefault}
      />
      <ContrastWarning colors={colors} />
      <div className="hf-appearance__workbench">
        <section className="hf-settings__panel hf-appearance__preview" aria-labelledby="theme-preview-heading">
          <h2 id="theme-preview-heading">Live Preview</h2>
          <p className="hf-settings__hint">Click a part of the preview to edit its colours.</p>
          <ThemePreview colors={colors} selectedSection={section.id} onSelectSection={setSectionId} />
        </section>
        <ColorEditor
          section={section}
          colors={colors}
          onChange={manager.setColor}
          onResetSection={() => manager.resetSection(section)}
        />
      </div>
      <ThemeLibrary
        builtIns={manager.builtIns}
        saved={manager.saved}
        savedLoading={manager.savedLoading}
        activeId={active.id}
        onLoad={manager.loadTheme}
        onDelete={askDelete}
      />
      {pendingDelete && (
        <ConfirmDialog
          title="Delete Theme"
          message={THEME_MESSAGES.deleteConfirm}
          confirmLabel="Delete"
          cancelLabel="Cancel"
          destructive
          onConfirm={() => {
            setPendingDelete(null);
            void manager.deleteTheme(pendingDelete);
          }}
          onCancel={() => setPendingDelete(null)}
        >
          <p className="hf-settings__confirm-subject">{pendingDelete.name}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
