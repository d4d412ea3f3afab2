import { useEffect, useState } from 'react';
import type { ZodValidation } from '../../kit/zodForm';

type AuthSchemas = typeof import('./schemas');

let loaded: AuthSchemas | null = null;
let loading: Promise<AuthSchemas> | null = null;

/** A form whose rules have not arrived yet: not valid (the button stays disabled), and no message shown. */
export const NOT_CHECKED: ZodValidation<never> = { success: false, errors: {} };

/**
 * The shared schemas of the sign-in screens, fetched once the user starts filling in a form (`wanted`): zod is a
 * sixth of the login route's code, and the screen paints and takes input without it.
 */
export function useAuthSchemas(wanted: boolean): AuthSchemas | null {
  const [schemas, setSchemas] = useState(loaded);
  useEffect(() => {
    if (!wanted || schemas) return;
    let live = true;
    loading ??= import('./schemas');
    void loading.then((module) => {
      loaded = module;
      if (live) setSchemas(module);
    });
    return () => {
      live = false;
    };
  }, [wanted, schemas]);
  return schemas;
}
