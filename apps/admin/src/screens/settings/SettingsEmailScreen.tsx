import { SettingsForm } from '../../kit/form/SettingsForm';
import { emailSettings } from './settingsDefs';

/** The email settings screen (route settingsEmail). */
export default function SettingsEmailScreen() {
  return <SettingsForm def={emailSettings} />;
}
