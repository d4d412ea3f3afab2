import { Spin } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';

let active = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows the full-screen preloader until the returned function is called (calls nest). */
export function showPreloader(): () => void {
  active += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    active -= 1;
    emit();
  };
}

/** Keeps the preloader visible while `busy` is true (saves, edit loads). */
export function usePreloader(busy: boolean): void {
  useEffect(() => (busy ? showPreloader() : undefined), [busy]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The preloader overlay: a full-screen spinner; mount it once. */
export function PreloaderOverlay() {
  const busy = useSyncExternalStore(subscribe, () => active > 0);
  if (!busy) return null;
  return (
    <div data-testid="preloader">
      <Spin fullscreen spinning />
    </div>
  );
}
