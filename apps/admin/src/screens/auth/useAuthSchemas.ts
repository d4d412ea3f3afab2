import { useEffect, useRef, useState } from 'react';
import type { ZodValidation } from '../../kit/zodForm';

type AuthSchemas = typeof import('./schemas');

let loaded: AuthSchemas | null = null;
let loading: Promise<AuthSchemas> | null = null;

/** A form whose rules have not arrived yet: not valid, and no message shown (a submit waits, useDeferredSubmit). */
export const NOT_CHECKED: ZodValidation<never> = { success: false, errors: {} };

/**
 * The shared schemas of the sign-in screens, fetched once the user starts filling in a form (`wanted`): zod is a
 * sixth of the login route's code, and the screen paints and takes input without it. A chunk that fails to load
 * is thrown to the route's error page, and the next mount tries again.
 */
export function useAuthSchemas(wanted: boolean): AuthSchemas | null {
  const [schemas, setSchemas] = useState(loaded);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (!wanted || schemas) return;
    let live = true;
    loading ??= import('./schemas');
    loading.then(
      (module) => {
        loaded = module;
        if (live) setSchemas(module);
      },
      (error: unknown) => {
        loading = null;
        if (live) setFailure(error ?? new Error('the sign-in rules did not load'));
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, schemas]);
  if (failure) throw failure;
  return schemas;
}

/**
 * A submit that may come before the form's rules have arrived (Enter right after the first keystroke): `submit`
 * runs `check` at once when `ready`, otherwise it is kept (`waiting`, which the button shows as loading) and run
 * once `ready` turns true, with the values of that moment. Nothing is dropped and the button is never disabled
 * for want of the rules.
 */
export function useDeferredSubmit(ready: boolean, check: () => void) {
  const [waiting, setWaiting] = useState(false);
  const latest = useRef(check);
  latest.current = check;
  useEffect(() => {
    if (!waiting || !ready) return;
    setWaiting(false);
    latest.current();
  }, [waiting, ready]);
  return {
    waiting,
    submit: () => {
      if (ready) latest.current();
      else setWaiting(true);
    },
  };
}
