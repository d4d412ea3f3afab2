import type { FormInstance } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUser } from '../../api/session';
import { snapshot } from './useUnsavedGuard';

/** A draft older than this is neither offered nor kept. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** At most this many drafts stay in the browser (the newest): local storage is small and shared by the whole admin. */
export const DRAFT_MAX_COUNT = 20;
/** The pause in typing after which the values are written (a write per key press would serialise rich text each time). */
export const DRAFT_SAVE_DELAY_MS = 800;

const PREFIX = 'draft:';
/** Names of values never written to the browser's storage, at any depth: passwords, secrets, tokens, API keys. */
const SECRET_NAME = /password|secret|token|api_key/i;
const NONE: readonly string[] = [];

/** One form's unsaved values as the browser keeps them. */
export interface StoredDraft {
  /** When it was written (ms since the epoch). */
  savedAt: number;
  /** The record's `updated_at` the edits started from; null for a new record. */
  version: string | null;
  values: Record<string, unknown>;
}

/** A stored draft offered back as the form opens. */
export interface DraftOffer extends StoredDraft {
  /** The record was saved (by anyone) after the draft's edits started: restoring overwrites that version. */
  changedOnServer: boolean;
}

/** The storage key of one user's draft of one record (or of a new one). */
export function draftKey(userId: number, scope: string, recordId: number | null): string {
  return `${PREFIX}${userId}:${scope}:${recordId ?? 'new'}`;
}

/**
 * The values worth keeping: files (a picked File, the delete marker) and the `omit` names are left out, and so is
 * anything named like a password or secret, so no credential ever lands in the browser's storage.
 */
export function draftValues(values: unknown, omit: readonly string[] = NONE): Record<string, unknown> {
  const text = JSON.stringify(values ?? {}, (key, value: unknown) => {
    if (key !== '' && (omit.includes(key) || SECRET_NAME.test(key))) return undefined;
    return value instanceof Blob ? undefined : value;
  });
  return JSON.parse(text) as Record<string, unknown>;
}

function parse(raw: string | null): StoredDraft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredDraft> | null;
    if (typeof value?.savedAt !== 'number' || typeof value.values !== 'object' || value.values === null) return null;
    return {
      savedAt: value.savedAt,
      version: typeof value.version === 'string' ? value.version : null,
      values: value.values,
    };
  } catch {
    return null;
  }
}

/** Drops the drafts past their age, unreadable ones, and the oldest beyond DRAFT_MAX_COUNT. */
export function pruneDrafts(now = Date.now()): void {
  const kept: { key: string; savedAt: number }[] = [];
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const draft = parse(localStorage.getItem(key));
    if (!draft || now - draft.savedAt > DRAFT_MAX_AGE_MS) localStorage.removeItem(key);
    else kept.push({ key, savedAt: draft.savedAt });
  }
  kept.sort((a, b) => b.savedAt - a.savedAt);
  for (const { key } of kept.slice(DRAFT_MAX_COUNT)) localStorage.removeItem(key);
}

/** The stored draft under `key`, unless it is too old (then it is removed). */
export function readDraft(key: string, now = Date.now()): StoredDraft | null {
  const draft = parse(localStorage.getItem(key));
  if (draft && now - draft.savedAt <= DRAFT_MAX_AGE_MS) return draft;
  localStorage.removeItem(key);
  return null;
}

function storeDraft(key: string, draft: StoredDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or refused (a private window): the draft is a convenience, the form goes on without it.
  }
  pruneDrafts(draft.savedAt);
}

export interface LocalDraftOptions {
  form: FormInstance;
  open: boolean;
  /** What the record is: the resource's API key (`texts`) or `settings`. */
  scope: string;
  /** The record's id; null for a new one. */
  recordId: number | null;
  /** Value names never stored besides the secret-looking ones: file fields, write-only secrets. */
  omit?: readonly string[];
}

/**
 * The form's unsaved values kept in the browser (docs/features/admin-ui.md, "Local drafts"): while the values
 * differ from those loaded, a pause in typing writes them under the user, the resource and the record, with the
 * time and the record's `updated_at`. Opening the form again (after a crash, a closed tab, an ended session) finds
 * the draft and offers it back. The draft goes with a successful save (`saved`), with "Discard" of the offer or
 * of the unsaved-changes question (`remove`).
 *
 * `check(version)` follows each load of the values (`version`: the record's `updated_at`, null for a new record);
 * `onValuesChange` is the Form's.
 */
export function useLocalDraft({ form, open, scope, recordId, omit = NONE }: LocalDraftOptions) {
  const user = useUser();
  // Read as the values load, not a reason to load them again: the user goes (an ended session) with the form open.
  const key = useRef<string | null>(null);
  key.current = user ? draftKey(user.id, scope, recordId) : null;
  const [offer, setOffer] = useState<DraftOffer | null>(null);
  // What the draft belongs to, fixed as the values load: the user may be gone by the time the last write happens
  // (an ended session unmounts the form), the draft must still land under their key.
  const active = useRef<{ key: string; version: string | null; baseline: string } | null>(null);
  const offered = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const write = useCallback(() => {
    cancel();
    const target = active.current;
    if (!target || offered.current) return;
    const values = draftValues(form.getFieldsValue(true), omit);
    // Edits typed back to what was loaded leave nothing to keep.
    if (snapshot(values) === target.baseline) localStorage.removeItem(target.key);
    else storeDraft(target.key, { savedAt: Date.now(), version: target.version, values });
  }, [form, omit, cancel]);

  /** Writes a pending draft at once (the tab is closing, the form is going away). */
  const flush = useCallback(() => {
    if (timer.current !== undefined) write();
  }, [write]);

  const check = useCallback(
    (version: string | null) => {
      // A write still pending belongs to the values just replaced.
      cancel();
      const current = key.current;
      if (!current) {
        active.current = null;
        return;
      }
      const baseline = snapshot(draftValues(form.getFieldsValue(true), omit));
      active.current = { key: current, version, baseline };
      const stored = readDraft(current);
      const differs = stored !== null && snapshot(stored.values) !== baseline;
      if (stored && !differs) localStorage.removeItem(current);
      offered.current = differs;
      setOffer(stored && differs ? { ...stored, changedOnServer: stored.version !== version } : null);
    },
    [form, omit, cancel],
  );

  const onValuesChange = useCallback(() => {
    // Until the offer is answered the stored draft is the one offered: typing must not overwrite it.
    if (!active.current || offered.current) return;
    cancel();
    timer.current = setTimeout(write, DRAFT_SAVE_DELAY_MS);
  }, [write, cancel]);

  /** Forgets the draft: the edits were discarded, or "Discard" of the offer. */
  const remove = useCallback(() => {
    cancel();
    offered.current = false;
    setOffer(null);
    if (active.current) localStorage.removeItem(active.current.key);
  }, [cancel]);

  /** Puts the draft's values into the form; it stays stored until the form is saved or its edits discarded. */
  const restore = useCallback(() => {
    if (!offer) return;
    offered.current = false;
    setOffer(null);
    form.setFieldsValue(offer.values);
  }, [offer, form]);

  // Closing the form keeps what was typed last (and nothing is offered until it loads again); so does leaving the
  // page, the closest the admin gets to seeing a crash coming.
  useEffect(() => {
    if (!open) return;
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
      active.current = null;
      offered.current = false;
      setOffer(null);
    };
  }, [open, flush]);

  return { offer, check, onValuesChange, restore, remove, saved: remove };
}

export type LocalDraft = ReturnType<typeof useLocalDraft>;
