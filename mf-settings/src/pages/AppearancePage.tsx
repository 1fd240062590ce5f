import { AppearanceSettings } from '../appearance/AppearanceSettings';
import '../settings.css';

/** /settings/appearance: the colour theme (spec section 2, "Appearance"). */
export default function AppearancePage() {
  return (
    <div className="hf-settings hf-appearance">
      <h1>Appearance</h1>
      <AppearanceSettings />
    </div>
  );
}
