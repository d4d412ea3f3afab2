import type { Abilities, TextRecord } from '@backoffice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUser, setUser } from '../../api/session';
import { textResource } from '../../screens/content/text/textResource';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import type { LocaleFieldsProps } from '../resource';
import { draftTime } from './DraftAlert';
import { ResourceForm } from './ResourceForm';
import {
  DRAFT_MAX_AGE_MS,
  DRAFT_MAX_COUNT,
  draftKey,
  draftValues,
  pruneDrafts,
  readDraft,
  type StoredDraft,
} from './useLocalDraft';

// Local drafts (docs/features/admin-ui.md): what a form holds unsaved is kept in the browser, per user and record,
// and offered back as the form opens again.

const RECORD = 'GET /api/content/text/7';
const SAVE = 'POST /api/content/text/7';
const UPDATED_AT = '2026-11-20T10:00:00.000Z';
const LATER = '2026-11-21T08:00:00.000Z';
const ROLE_1: Abilities = { create: true, update: true, destroy: true, restore: true };
const KEY = draftKey(1, 'texts', 7);

const record = (updated_at = UPDATED_AT): TextRecord => ({
  id: 7,
  status: true,
  langs: {
    sk: { title: 'Otváracie hodiny', content: '<p>Po–Pi</p>' },
    en: { title: 'Opening hours', content: '<p>Mon–Fri</p>' },
  },
  positions: [3],
  created_at: UPDATED_AT,
  updated_at,
  deleted_at: null,
});

/** The record's form values with other Slovak title. */
const edited = (title: string) => ({
  langs: {
    sk: { title, content: '<p>Po–Pi</p>' },
    en: { title: 'Opening hours', content: '<p>Mon–Fri</p>' },
  },
  positions: [3],
  status: true,
});

function LocaleFields({ locale, rules }: LocaleFieldsProps) {
  return (
    <>
      <Form.Item name={['langs', locale, 'title']} label="Title" rules={rules(`langs.${locale}.title`)}>
        <Input data-testid={`title-${locale}`} />
      </Form.Item>
      <Form.Item name={['langs', locale, 'content']} label="Content">
        <Input.TextArea data-testid={`content-${locale}`} />
      </Form.Item>
    </>
  );
}
const textForm = textResource.form;
if (!textForm) throw new Error('texts have a form');
const def = { ...textResource, form: { ...textForm, files: ['image'], LocaleFields, MainFields: undefined } };

function openForm(id: number | null = 7) {
  const onClose = vi.fn();
  const view = renderInApp(<ResourceForm def={def} id={id} open listAbilities={ROLE_1} onClose={onClose} />);
  return { ...view, onClose };
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const loaded = (title = 'Otváracie hodiny') => waitFor(() => expect(field('title-sk').value).toBe(title));
const store = (key: string, draft: StoredDraft) => localStorage.setItem(key, JSON.stringify(draft));
const stored = (key = KEY) => readDraft(key);
const draftKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('draft:'));

beforeEach(() => {
  setUser({
    id: 1,
    name: 'Ada',
    surname: 'Admin',
    email: 'ada@example.com',
    role_id: 1,
    image: null,
    language_code: 'en',
  });
});
afterEach(() => {
  for (const key of draftKeys()) localStorage.removeItem(key);
  clearUser('logout');
});

describe('local drafts of a resource form', () => {
  it('keeps the edits under the user, resource and record after a pause in typing, with the loaded updated_at', async () => {
    stubApi({ [RECORD]: { body: { data: record(), abilities: ROLE_1 } } });
    const { user } = openForm();
    await loaded();

    await user.type(field('title-sk'), '!');

    await waitFor(() => expect(stored()).not.toBeNull());
    expect(stored()?.values).toEqual(edited('Otváracie hodiny!'));
    expect(stored()?.version).toBe(UPDATED_AT);
    expect(draftKeys()).toEqual([KEY]);

    // Typed back to what was loaded: nothing is left to keep.
    await user.type(field('title-sk'), '{Backspace}');
    await waitFor(() => expect(stored()).toBeNull());
  });

  it('offers a stored draft with its time; Restore puts its values back, and a save removes it', async () => {
    const savedAt = dayjs().hour(14).minute(32).valueOf();
    store(KEY, { savedAt, version: UPDATED_AT, values: edited('Obnovené hodiny') });
    const api = stubApi({
      [RECORD]: { body: { data: record(), abilities: ROLE_1 } },
      [SAVE]: { body: { message: 'The text was saved.', data: record() } },
    });
    const { user, onClose } = openForm();
    await loaded();

    const offer = await screen.findByTestId('draft-offer');
    expect(offer.textContent).toContain('Restore unsaved changes from 14:32?');
    expect(offer.textContent).not.toContain('saved since');
    await user.click(within(offer).getByTestId('draft-restore'));

    expect(field('title-sk').value).toBe('Obnovené hodiny');
    expect(screen.queryByTestId('draft-offer')).toBeNull();
    expect(stored()).not.toBeNull();
    await user.click(screen.getByTestId('form-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(SAVE)[0]?.body).toMatchObject({ langs: { sk: { title: 'Obnovené hodiny' } } });
    expect(stored()).toBeNull();
  });

  it('Discard keeps the loaded values and removes the draft', async () => {
    store(KEY, { savedAt: Date.now(), version: UPDATED_AT, values: edited('Zahodené hodiny') });
    stubApi({ [RECORD]: { body: { data: record(), abilities: ROLE_1 } } });
    const { user } = openForm();
    await loaded();

    await user.click(await screen.findByTestId('draft-discard'));

    expect(screen.queryByTestId('draft-offer')).toBeNull();
    expect(field('title-sk').value).toBe('Otváracie hodiny');
    expect(stored()).toBeNull();
  });

  it('says so when the record was saved after the draft was taken', async () => {
    store(KEY, { savedAt: Date.now(), version: UPDATED_AT, values: edited('Staré zmeny') });
    stubApi({ [RECORD]: { body: { data: record(LATER), abilities: ROLE_1 } } });
    openForm();
    await loaded();

    const offer = await screen.findByTestId('draft-offer');
    expect(offer.textContent).toContain('The record has been saved since then.');
  });

  it("offers nothing of another user's or another record's draft, nor a draft equal to the record", async () => {
    store(draftKey(2, 'texts', 7), { savedAt: Date.now(), version: UPDATED_AT, values: edited('Cudzí') });
    store(draftKey(1, 'texts', 8), { savedAt: Date.now(), version: UPDATED_AT, values: edited('Iný') });
    store(draftKey(1, 'pages', 7), { savedAt: Date.now(), version: UPDATED_AT, values: edited('Stránka') });
    store(KEY, { savedAt: Date.now(), version: UPDATED_AT, values: edited('Otváracie hodiny') });
    stubApi({ [RECORD]: { body: { data: record(), abilities: ROLE_1 } } });
    openForm();
    await loaded();

    await waitFor(() => expect(stored()).toBeNull());
    expect(screen.queryByTestId('draft-offer')).toBeNull();
    expect(draftKeys()).toHaveLength(3);
  });

  it('offers the draft of a new record as the create form opens', async () => {
    store(draftKey(1, 'texts', null), { savedAt: Date.now(), version: null, values: edited('Nový text') });
    stubApi({});
    const { user } = openForm(null);

    await user.click(await screen.findByTestId('draft-restore'));

    expect(field('title-sk').value).toBe('Nový text');
  });

  it('removes the draft when the user discards the edits on closing', async () => {
    stubApi({ [RECORD]: { body: { data: record(), abilities: ROLE_1 } } });
    const { user, onClose } = openForm();
    await loaded();
    await user.type(field('title-sk'), '!');
    await waitFor(() => expect(stored()).not.toBeNull());

    await user.click(screen.getByTestId('form-close'));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));

    expect(onClose).toHaveBeenCalled();
    expect(stored()).toBeNull();
  });

  it('keeps the last typing when the form goes away before the pause (an ended session)', async () => {
    stubApi({ [RECORD]: { body: { data: record(), abilities: ROLE_1 } } });
    const { user, unmount } = openForm();
    await loaded();

    await user.type(field('title-sk'), '?');
    unmount();

    expect(stored()?.values).toEqual(edited('Otváracie hodiny?'));
  });
});

describe('what a draft keeps', () => {
  it('leaves out files, the named fields and anything named like a password, secret or token', () => {
    const values = {
      name: 'Ján',
      password: 'secret-1',
      password_2: 'secret-1',
      image: new File(['x'], 'a.jpg'),
      mailchimp_api_key: { sk: 'key', en: '' },
      favicon: { sk: 'favicon.png' },
      nested: { token: 'abc', photo: new Blob(['x']), note: '' },
    };
    expect(draftValues(values, ['favicon'])).toEqual({ name: 'Ján', nested: { note: '' } });
  });

  it('drops drafts older than a week, unreadable ones, and the oldest beyond the limit', () => {
    const now = Date.now();
    store(draftKey(1, 'content/text', 1), { savedAt: now - DRAFT_MAX_AGE_MS - 1, version: null, values: {} });
    localStorage.setItem(draftKey(1, 'content/text', 2), '{not json');
    for (let i = 0; i < DRAFT_MAX_COUNT + 2; i++) {
      store(draftKey(1, 'content/page', i), { savedAt: now - i * 1000, version: null, values: { i } });
    }

    pruneDrafts(now);

    expect(draftKeys()).toHaveLength(DRAFT_MAX_COUNT);
    expect(localStorage.getItem(draftKey(1, 'content/page', 0))).not.toBeNull();
    expect(localStorage.getItem(draftKey(1, 'content/page', DRAFT_MAX_COUNT))).toBeNull();
    expect(localStorage.getItem(draftKey(1, 'content/text', 1))).toBeNull();
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('offers no draft past its age', () => {
    store(KEY, { savedAt: Date.now() - DRAFT_MAX_AGE_MS - 1, version: null, values: {} });
    expect(readDraft(KEY)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("shows a draft of today by its time, an older one with its date in the language's format", () => {
    const now = dayjs('2026-11-28T15:00:00');
    expect(draftTime(dayjs('2026-11-28T14:32:00').valueOf(), 'sk', now)).toBe('14:32');
    expect(draftTime(dayjs('2026-11-27T09:05:00').valueOf(), 'sk', now)).toBe('27.11.2026 09:05');
    expect(draftTime(dayjs('2026-11-27T09:05:00').valueOf(), 'en', now)).toBe('2026-11-27 09:05');
  });
});
