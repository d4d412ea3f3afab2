import dayjs from 'dayjs';
import 'dayjs/locale/sk';
import updateLocale from 'dayjs/plugin/updateLocale';
import { getLanguage } from '../../i18n/language';

// dates are shown only in the signed-in shell, so dayjs and its Slovak locale load with it, not with login.
dayjs.extend(updateLocale);
// Weeks start on Monday in both languages (docs/spec-index.md S2.9): Slovak's calendar does already, English's starts on Sunday.
dayjs.updateLocale('en', { weekStart: 1 });
dayjs.locale(getLanguage());
