import { SettingsForm } from '../../kit/form/SettingsForm';
import { socialSettings } from './settingsDefs';

/** The social settings screen (route settingsSocial). */
export default function SettingsSocialScreen() {
  return <SettingsForm def={socialSettings} />;
}
