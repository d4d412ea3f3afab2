import type { Abilities, MailTemplateRow } from '@backoffice/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { MailTestAction } from './MailTestAction';

// "Send a test" of a mail template row (docs/features/settings-and-mail.md "Test mail").

const ADMIN: Abilities = { create: false, update: true, destroy: false, restore: false };
const row: MailTemplateRow = {
  id: 5,
  title: 'Contact form',
  event: 'contact',
  updated_at: '2026-11-24T10:00:00.000Z',
  deleted_at: null,
};

describe('mail template test mail', () => {
  it('sends the template in the picked language and shows the answer', async () => {
    const api = stubApi({ 'POST /api/mail/5/test': { body: { message: 'Sent to admin@example.com.' } } });
    const { user } = renderInApp(<MailTestAction row={row} abilities={ADMIN} />);
    await user.click(screen.getByTestId('row-mail-test'));
    await user.click(await screen.findByTestId('mail-test-en'));
    await waitFor(() => expect(api.callsTo('POST /api/mail/5/test')).toHaveLength(1));
    expect(api.callsTo('POST /api/mail/5/test')[0]?.body).toEqual({ lang: 'en' });
    expect(await screen.findByText('Sent to admin@example.com.')).toBeTruthy();
  });

  it('is not offered to a role-2 editor, whom the server would refuse', () => {
    stubApi({});
    renderInApp(<MailTestAction row={row} abilities={{ ...ADMIN, update: false }} />);
    expect(screen.queryByTestId('row-mail-test')).toBeNull();
  });
});
