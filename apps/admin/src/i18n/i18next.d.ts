import 'i18next';
import type sk from './sk.json';
import type skPublic from './sk.public.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof skPublic & typeof sk };
  }
}
