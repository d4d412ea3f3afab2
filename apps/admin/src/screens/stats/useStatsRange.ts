import { STATS } from '@backoffice/shared';
import { useSyncExternalStore } from 'react';
import { loadRange, type StatsRange, saveRange } from './dateRange';

// One range for all five screens: the value lives in local storage, this module only caches it and tells
// the mounted screens (and other tabs, through the storage event) when it changes.
let current: StatsRange | null = null;
const listeners = new Set<() => void>();

function read(): StatsRange {
  current ??= loadRange();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STATS.rangeStorageKey) return;
    current = loadRange();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Chooses the range of every statistics screen and keeps it for the next visit. */
export function setStatsRange(range: StatsRange): void {
  saveRange(range);
  current = range;
  for (const listener of listeners) listener();
}

/** The statistics date range shared by the five screens (docs/spec-index.md S2.4). */
export function useStatsRange(): [StatsRange, (range: StatsRange) => void] {
  return [useSyncExternalStore(subscribe, read), setStatsRange];
}
