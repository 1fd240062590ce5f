import { AppearanceSettings } from '../appearance/AppearanceSettings';
import '../settings.css';

/** /settings/appearance: the colour theme (docs/rules/screens.md, "Other screens"). */
export default function AppearancePage() {
  return (
    <div className="hf-settings hf-appearance">
      <h1>Appearance</h1>
      <AppearanceSettings />
    </div>
  );
}
