import { SettingsForm } from '../../kit/form/SettingsForm';
import { TwoFactorPolicyCard } from '../user/TwoFactorPolicyCard';
import { mainSettings } from './settingsDefs';

/** The main settings screen (route settingsMain), with the sign-in rule of role 1 below the record. */
export default function SettingsMainScreen() {
  return (
    <>
      <SettingsForm def={mainSettings} />
      {/* Staff sign-in (docs/features/sign-in-and-users.md): saved on its own, not with the record's locales. */}
      <TwoFactorPolicyCard />
    </>
  );
}
