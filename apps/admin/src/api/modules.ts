import { useLangOptions } from './options';

/** GET /api/module → the modules with their title in the request language (docs/spec-index.md S1.7 Options). */
export const useModuleOptions = () => useLangOptions('/api/module', 5 * 60_000);
