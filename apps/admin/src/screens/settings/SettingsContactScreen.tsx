import { SettingsForm } from '../../kit/form/SettingsForm';
import { contactSettings } from './settingsDefs';

/** The contact settings screen (route settingsContact). */
export default function SettingsContactScreen() {
  return <SettingsForm def={contactSettings} />;
}
