import type { StoredUser } from '@backoffice/shared';
import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'user';

/** Why the stored user was last removed: a deliberate logout does not remember the page to return to. */
export type ClearReason = 'logout' | 'unauthorized';

let cached: StoredUser | null | undefined;
let lastClearReason: ClearReason | null = null;
/** How many times the stored user has been forgotten (`refreshUser`). */
let clears = 0;
const listeners = new Set<() => void>();

function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.name === 'string' && typeof v.role_id === 'number';
}

function read(): StoredUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The signed-in user from local storage, or null. */
export function getUser(): StoredUser | null {
  if (cached === undefined) cached = read();
  return cached;
}

/** Stores the signed-in user (login answer or a fresh /api/user/me). */
export function setUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  cached = user;
  lastClearReason = null;
  emit();
}

/** A mark to hand `refreshUser` with the user read by a request sent now. */
export function clearMark(): number {
  return clears;
}

/**
 * Stores a fresh copy of the signed-in user (a `/api/user/me` answer) read by a request sent at `mark`, unless the
 * user has been forgotten since: an answer that was on its way while the user signed out does not sign the tab in
 * again.
 */
export function refreshUser(user: StoredUser, mark: number): void {
  if (mark === clears) setUser(user);
}

/** Forgets the signed-in user; the route guards then lead to the login screen. */
export function clearUser(reason: ClearReason): void {
  clears += 1;
  localStorage.removeItem(STORAGE_KEY);
  if (cached === null) return;
  cached = null;
  lastClearReason = reason;
  emit();
}

export function getLastClearReason(): ClearReason | null {
  return lastClearReason;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logging in or out changes this tab's user too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    cached = undefined;
    emit();
  });
}

/** The signed-in user as React state. */
export function useUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, getUser);
}
