import { SettingsForm } from '../../kit/form/SettingsForm';
import { mainSettings } from './settingsDefs';

/** The main settings screen (route settingsMain). */
export default function SettingsMainScreen() {
  return <SettingsForm def={mainSettings} />;
}
