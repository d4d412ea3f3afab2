import type { Abilities, MailTemplateRecord } from '@backoffice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ResourceForm } from '../../kit/form/ResourceForm';
import type { LocaleFieldsProps } from '../../kit/resource';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { mailResource } from './mailResource';

// The mail template form's history and translation workflow (docs/features/revisions.md,
// docs/features/translations.md): the History drawer at /api/mail/{id}/revisions, restore for the administrator
// only, and each locale tab's state with "Copy from the other language".

const STAMP = '2026-11-24T10:00:00.000Z';
const ADMIN: Abilities = { create: false, update: true, destroy: false, restore: false };
const EDITOR: Abilities = { ...ADMIN, update: false };
const lang = (title: string, content_plain = `${title} plain`) => ({
  title,
  subject: `${title} subject`,
  content_plain,
  content: `<p>${title}</p>`,
});
const record = (en = lang('Contact form', '')): MailTemplateRecord => ({
  id: 5,
  event: 'contact',
  langs: { sk: lang('Kontaktný formulár'), en },
  models: [],
  created_at: STAMP,
  updated_at: STAMP,
  deleted_at: null,
});
const row = { id: 3, created_at: STAMP, action: 'update', changed: ['langs.sk.title'], user: null };

// Plain inputs in place of the rich-text editor: the form kit is under test, with the templates' real schema.
function LocaleFields({ locale }: LocaleFieldsProps<MailTemplateRecord>) {
  return (
    <>
      {(['title', 'subject', 'content_plain', 'content'] as const).map((name) => (
        <Form.Item key={name} name={['langs', locale, name]} label={name}>
          <Input data-testid={`${name}-${locale}`} />
        </Form.Item>
      ))}
    </>
  );
}
const mailForm = mailResource.form;
if (!mailForm) throw new Error('mail templates have a form');
const def = { ...mailResource, form: { ...mailForm, LocaleFields } };

function openForm(abilities: Abilities) {
  const api = stubApi({
    'GET /api/mail/5': { body: { data: record(), abilities, translation: { sk: 'complete', en: 'missing' } } },
    'GET /api/mail/5/revisions': { body: { data: [row], meta: { total: 1 } } },
    'GET /api/mail/5/revisions/3': {
      body: { data: { ...row, record: { ...record(), langs: { ...record().langs, sk: lang('Kontakt') } } } },
    },
  });
  const view = renderInApp(<ResourceForm def={def} id={5} open listAbilities={abilities} onClose={vi.fn()} />);
  return { ...view, api };
}

describe('mail template history', () => {
  it('the administrator compares a version with the template and restores it with the loaded updated_at', async () => {
    const { user, api } = openForm(ADMIN);
    await waitFor(() => expect((screen.getByTestId('title-sk') as HTMLInputElement).value).toBe('Kontaktný formulár'));
    await user.click(screen.getByTestId('form-history'));
    await user.click(await screen.findByTestId('history-3'));
    const field = await screen.findByTestId('history-field-sk.title');
    expect(field.textContent).toContain('Kontakt');
    // The event's placeholders are no content of a version.
    expect(screen.queryByTestId('history-field-models')).toBeNull();
    api.routes['POST /api/mail/5/revisions/3/restore'] = { body: { message: 'Saved.', data: record() } };
    await user.click(screen.getByTestId('history-restore'));
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('POST /api/mail/5/revisions/3/restore')).toHaveLength(1));
    expect(api.callsTo('POST /api/mail/5/revisions/3/restore')[0]?.body).toEqual({ updated_at: STAMP });
  });

  it('a role-2 editor sees the versions but no restore', async () => {
    const { user } = openForm(EDITOR);
    await user.click(await screen.findByTestId('form-history'));
    await user.click(await screen.findByTestId('history-3'));
    await screen.findByTestId('history-field-sk.title');
    expect(screen.queryByTestId('history-restore')).toBeNull();
  });

  it('marks the English tab incomplete and copies the missing plain text from Slovak', async () => {
    const { user } = openForm(ADMIN);
    const tag = await screen.findByTestId('locale-state-en');
    expect(tag.getAttribute('data-state')).toBe('missing');
    await user.click(screen.getByRole('tab', { name: /^English/ }));
    await user.click(within(screen.getByRole('tabpanel', { hidden: false })).getByTestId('copy-locale-en'));
    await waitFor(() =>
      expect((screen.getByTestId('content_plain-en') as HTMLInputElement).value).toBe('Kontaktný formulár plain'),
    );
    await waitFor(() => expect(screen.queryByTestId('locale-state-en')).toBeNull());
  });
});
