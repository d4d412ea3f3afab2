import 'i18next';
import type sk from './sk.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof sk };
  }
}
