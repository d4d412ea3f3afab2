import dayjs from 'dayjs';
import 'dayjs/locale/sk';
import { getLanguage } from '../../i18n/language';

// dates are shown only in the signed-in shell, so dayjs and its Slovak locale load with it, not with login.
dayjs.locale(getLanguage());
