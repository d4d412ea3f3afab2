import type { Abilities, Locale, TextRecord } from '@backoffice/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Checkbox, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { textResource } from '../../screens/content/text/textResource';
import { type Reply, stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { ImageField } from '../ImageField';
import type { FieldsProps, LocaleFieldsProps } from '../resource';
import { ResourceForm } from './ResourceForm';

const RECORD = 'GET /api/content/text/7';
const SAVE = 'POST /api/content/text/7';
const UPDATED_AT = '2026-11-20T10:00:00.000Z';
const ROLE_1: Abilities = { create: true, update: true, destroy: true, restore: true };

const record = (): TextRecord => ({
  id: 7,
  status: true,
  langs: {
    sk: { title: 'Otváracie hodiny', content: '<p>Po–Pi</p>' },
    en: { title: 'Opening hours', content: '<p>Mon–Fri</p>' },
  },
  positions: [3],
  created_at: UPDATED_AT,
  updated_at: UPDATED_AT,
  deleted_at: null,
});

// Plain inputs in place of the text's rich-text fields: the form kit is under test, with the texts' real schema.
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
function PositionCheckbox({ value, onChange }: { value?: number[]; onChange?: (value: number[]) => void }) {
  return (
    <Checkbox checked={value?.includes(3) ?? false} onChange={(event) => onChange?.(event.target.checked ? [3] : [])}>
      Header
    </Checkbox>
  );
}
function MainFields(_: FieldsProps) {
  return (
    <>
      <Form.Item name="positions" label="Positions">
        <PositionCheckbox />
      </Form.Item>
      <Form.Item name="image" label="Image">
        <ImageField />
      </Form.Item>
    </>
  );
}
const textForm = textResource.form;
if (!textForm) throw new Error('texts have a form');
const def = { ...textResource, form: { ...textForm, files: ['image'], LocaleFields, MainFields } };

function openForm(id: number | null = 7) {
  const onClose = vi.fn();
  const view = renderInApp(<ResourceForm def={def} id={id} open listAbilities={ROLE_1} onClose={onClose} />);
  return { ...view, onClose };
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
// A tab's name may go on with its translation state ("English incomplete").
const tab = (locale: Locale) => screen.getByRole('tab', { name: locale === 'sk' ? /^Slovak/ : /^English/ });
const loaded = () => waitFor(() => expect(field('title-sk').value).toBe('Otváracie hodiny'));

describe('ResourceForm', () => {
  it('loads the record into both locale tabs', async () => {
    stubApi({ [RECORD]: { body: { data: record(), abilities: ROLE_1 } } });
    const { user } = openForm();

    await loaded();
    expect(field('title-en').value).toBe('Opening hours');
    expect(tab('sk').getAttribute('aria-selected')).toBe('true');
    await user.click(tab('en'));
    expect(tab('en').getAttribute('aria-selected')).toBe('true');
    expect(field('content-en').value).toBe('<p>Mon–Fri</p>');
  });

  it("saves the form's values with the loaded updated_at, reports success and closes", async () => {
    const api = stubApi({
      [RECORD]: { body: { data: record(), abilities: ROLE_1 } },
      [SAVE]: { body: { message: 'The text was saved.', data: record() } },
    });
    const { user, onClose } = openForm();
    await loaded();

    await user.clear(field('title-sk'));
    await user.paste('Nové hodiny');
    await user.click(screen.getByTestId('form-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(SAVE)[0]?.body).toEqual({
      langs: {
        sk: { title: 'Nové hodiny', content: '<p>Po–Pi</p>' },
        en: { title: 'Opening hours', content: '<p>Mon–Fri</p>' },
      },
      positions: [3],
      status: true,
      updated_at: UPDATED_AT,
    });
    expect(screen.getByTestId('notification').textContent).toContain('The text was saved.');
  });

  it('sends nothing while the shared schema refuses a value, and shows which tab holds it', async () => {
    const api = stubApi({ [RECORD]: { body: { data: record(), abilities: ROLE_1 } } });
    const { user } = openForm();
    await loaded();

    await user.clear(field('title-en'));
    await user.click(screen.getByTestId('form-save'));

    expect(await screen.findByText('Enter at least 3 characters.')).toBeTruthy();
    expect(tab('en').getAttribute('aria-selected')).toBe('true');
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it("puts a 422 answer's message under its field and switches to that field's locale tab", async () => {
    stubApi({
      [RECORD]: { body: { data: record(), abilities: ROLE_1 } },
      [SAVE]: {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { 'langs.en.title': ['errors.titleUrlUnique'] } },
      },
    });
    const { user, onClose } = openForm();
    await loaded();

    await user.click(screen.getByTestId('form-save'));

    const message = await screen.findByText('This URL is already in use.');
    const item = message.closest('.ant-form-item');
    expect(item?.contains(field('title-en'))).toBe(true);
    expect(tab('en').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('notification').textContent).toContain('The given data was invalid.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the stale-edit notice on a 409 and reloads the record from it', async () => {
    const api = stubApi({
      [RECORD]: { body: { data: record(), abilities: ROLE_1 } },
      [SAVE]: { status: 409, body: { message: 'The record was changed by someone else.' } },
    });
    const { user, onClose } = openForm();
    await loaded();

    await user.click(screen.getByTestId('form-save'));

    const notice = await screen.findByTestId('stale-update');
    expect(notice.textContent).toContain('Someone else changed this record in the meantime.');
    expect(onClose).not.toHaveBeenCalled();
    api.routes[RECORD] = {
      body: { data: { ...record(), langs: { ...record().langs, sk: { title: 'Cudzia zmena', content: '' } } } },
    };
    await user.click(within(notice).getByRole('button', { name: 'Reload' }));

    await waitFor(() => expect(field('title-sk').value).toBe('Cudzia zmena'));
    expect(screen.queryByTestId('stale-update')).toBeNull();
    expect(api.callsTo(RECORD)).toHaveLength(2);
  });

  it('keeps an image picked while the record was loading and sends it with the save', async () => {
    let answer: (reply: Reply) => void = () => {};
    const api = stubApi({
      [RECORD]: () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
      [SAVE]: { body: { message: 'The text was saved.', data: record() } },
    });
    const { user, onClose } = openForm();
    await waitFor(() => expect(api.callsTo(RECORD)).toHaveLength(1));

    const photo = new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('field-image-input'), { target: { files: [photo] } });
    await act(async () => answer({ body: { data: record(), abilities: ROLE_1 } }));
    await loaded();
    await user.click(screen.getByTestId('form-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.callsTo(SAVE)[0]?.body as Record<string, unknown>;
    expect(body.image).toBe(photo);
    expect(body['langs[sk][title]']).toBe('Otváracie hodiny');
  });

  it('creates a record with POST to the list address', async () => {
    const api = stubApi({
      'POST /api/content/text/': { status: 201, body: { message: 'The text was created.', data: record() } },
    });
    const { user, onClose } = openForm(null);
    expect(screen.getByText('New text')).toBeTruthy();

    await user.type(field('title-sk'), 'Cenník');
    await user.type(field('title-en'), 'Prices');
    await user.click(screen.getByRole('checkbox', { name: 'Header' }));
    await user.click(screen.getByTestId('form-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /api/content/text/')[0]?.body).toEqual({
      langs: { sk: { title: 'Cenník', content: '' }, en: { title: 'Prices', content: '' } },
      positions: [3],
      status: true,
    });
    expect(screen.getByTestId('notification').textContent).toContain('The text was created.');
  });

  it('lets a role-1 administrator restore a deleted record from its notice', async () => {
    const deleted = { ...record(), deleted_at: UPDATED_AT };
    const api = stubApi({
      [RECORD]: { body: { data: deleted, abilities: ROLE_1 } },
      'POST /api/content/text/7/restore': { body: { message: 'The text was restored.', data: record() } },
    });
    const { user } = openForm();
    const notice = await screen.findByTestId('item-deleted');

    api.routes[RECORD] = { body: { data: record(), abilities: ROLE_1 } };
    await user.click(within(notice).getByRole('button', { name: 'Restore' }));

    await waitFor(() => expect(screen.queryByTestId('item-deleted')).toBeNull());
    expect(api.callsTo('POST /api/content/text/7/restore')).toHaveLength(1);
    expect(screen.getByTestId('notification').textContent).toContain('The text was restored.');
  });

  it('shows a role-2 editor that a record is deleted without offering to restore it', async () => {
    stubApi({
      [RECORD]: {
        body: {
          data: { ...record(), deleted_at: UPDATED_AT },
          abilities: { ...ROLE_1, destroy: false, restore: false },
        },
      },
    });
    openForm();
    const notice = await screen.findByTestId('item-deleted');
    expect(within(notice).queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('does not let a user save a record the server says they may not update', async () => {
    stubApi({ [RECORD]: { body: { data: record(), abilities: { ...ROLE_1, update: false } } } });
    openForm();
    await loaded();
    expect(screen.getByTestId('form-save')).toHaveProperty('disabled', true);
  });
});

describe('ResourceForm: translation state and copy', () => {
  it('marks a locale outdated as loaded and a locale missing a field as the user empties it', async () => {
    const translation = { sk: 'complete', en: 'outdated' };
    stubApi({ [RECORD]: { body: { data: record(), abilities: ROLE_1, translation } } });
    const { user } = openForm();
    await loaded();

    expect(screen.getByTestId('locale-state-en').dataset.state).toBe('outdated');
    expect(screen.queryByTestId('locale-state-sk')).toBeNull();
    await user.clear(field('content-sk'));
    await waitFor(() => expect(screen.getByTestId('locale-state-sk').dataset.state).toBe('missing'));
    expect(tab('sk').textContent).toContain('incomplete');
  });

  it('copies the empty fields from the other locale, and replaces a filled one only after a confirmation', async () => {
    const partial = record();
    partial.langs.en = { title: 'Opening hours', content: '' };
    stubApi({ [RECORD]: { body: { data: partial, abilities: ROLE_1 } } });
    const { user } = openForm();
    await loaded();
    expect(screen.getByTestId('locale-state-en').dataset.state).toBe('missing');

    await user.click(tab('en'));
    await user.click(screen.getByTestId('copy-locale-en'));
    expect(field('content-en').value).toBe('<p>Po–Pi</p>');
    expect(field('title-en').value).toBe('Opening hours');
    await waitFor(() => expect(screen.queryByTestId('locale-state-en')).toBeNull());
    expect(screen.getByTestId('notification').textContent).toContain('Copied fields: 1');

    await user.click(screen.getByTestId('copy-menu-en'));
    await user.click(await screen.findByTestId('copy-field-en-title'));
    const question = await screen.findByText(/“Title” is already filled/);
    const dialog = question.closest('.ant-modal') as HTMLElement;
    expect(field('title-en').value).toBe('Opening hours');
    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(field('title-en').value).toBe('Otváracie hodiny'));
  });
});

describe('ResourceForm: unsaved work', () => {
  // antd renders a confirmation's title twice (one for assistive technology).
  const question = () =>
    waitFor(() => expect(screen.getAllByText('Discard unsaved changes?').length).toBeGreaterThan(0));
  const noQuestion = () => expect(screen.queryAllByText('Discard unsaved changes?')).toHaveLength(0);

  it('closes at once without edits', async () => {
    stubApi({ [RECORD]: { body: { data: record(), abilities: ROLE_1 } } });
    const { user, onClose } = openForm();
    await loaded();

    await user.click(screen.getByTestId('form-close'));

    expect(onClose).toHaveBeenCalledTimes(1);
    noQuestion();
  });

  it('asks before the close button discards edits; "Keep editing" keeps them, "Discard" closes', async () => {
    stubApi({ [RECORD]: { body: { data: record(), abilities: ROLE_1 } } });
    const { user, onClose } = openForm();
    await loaded();
    await user.type(field('title-sk'), '!');

    await user.click(screen.getByTestId('form-close'));
    await question();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(field('title-sk').value).toBe('Otváracie hodiny!');

    await user.click(screen.getByTestId('form-close'));
    await question();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks on Esc and on a click on the mask', async () => {
    stubApi({ [RECORD]: { body: { data: record(), abilities: ROLE_1 } } });
    const { user, onClose } = openForm();
    await loaded();
    await user.type(field('title-sk'), '!');

    await user.keyboard('{Escape}');
    await question();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(noQuestion);

    const mask = document.querySelector('.ant-drawer-mask');
    if (!mask) throw new Error('the drawer has a mask');
    fireEvent.click(mask);
    await question();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves with Ctrl+S and closes without asking', async () => {
    const api = stubApi({
      [RECORD]: { body: { data: record(), abilities: ROLE_1 } },
      [SAVE]: { body: { message: 'The text was saved.', data: record() } },
    });
    const { user, onClose } = openForm();
    await loaded();
    await user.type(field('title-sk'), '!');

    const event = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => {
      field('title-sk').dispatchEvent(event);
    });

    expect(event.defaultPrevented).toBe(true);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(SAVE)).toHaveLength(1);
    noQuestion();
  });
});
