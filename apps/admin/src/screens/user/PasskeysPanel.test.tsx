import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { PasskeysPanel } from './PasskeysPanel';

// jsdom has no WebAuthn: the library's ceremony stands in for the authenticator.
const ceremony = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: ceremony.startRegistration,
  startAuthentication: vi.fn(),
}));

const laptop = { id: 3, name: 'Work laptop', created_at: '2026-11-20T08:00:00.000Z', last_used_at: null };
const phone = {
  id: 4,
  name: 'Phone',
  created_at: '2026-11-21T08:00:00.000Z',
  last_used_at: '2026-11-22T09:30:00.000Z',
};

describe("the two-factor screen's passkeys", () => {
  it('lists them with when each was added and last used, and removes one only after a confirmation', async () => {
    const api = stubApi({
      'GET /api/user/me/passkeys': { body: { data: [phone, laptop] } },
      'DELETE /api/user/me/passkeys/3': { body: { message: 'The passkey has been removed.' } },
    });
    const { user } = renderInApp(
      <PasskeysPanel lastFactorKept={false} onChanged={() => {}} onRecoveryCodes={() => {}} />,
    );
    const items = await screen.findAllByTestId('passkey-item');
    expect(items.map((item) => within(item).getByTestId('passkey-name').textContent)).toEqual(['Phone', 'Work laptop']);
    expect(within(items[1] as HTMLElement).getByTestId('passkey-last-used').textContent).toBe('Last used: never');
    await user.click(within(items[1] as HTMLElement).getByTestId('passkey-remove'));
    expect(api.callsTo('DELETE /api/user/me/passkeys/3')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Remove the passkey “Work laptop”?');
    await user.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('DELETE /api/user/me/passkeys/3')).toHaveLength(1));
  });

  it('keeps the only passkey while it is the last second factor that role 1 requires', async () => {
    stubApi({ 'GET /api/user/me/passkeys': { body: { data: [laptop] } } });
    renderInApp(<PasskeysPanel lastFactorKept onChanged={() => {}} onRecoveryCodes={() => {}} />);
    expect(((await screen.findByTestId('passkey-remove')) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('passkey-last-factor-note')).toBeTruthy();
  });

  it('adds a named passkey through the ceremony and hands on the recovery codes of the first one', async () => {
    const answer = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
    ceremony.startRegistration.mockResolvedValue(answer);
    const codes = Array.from({ length: 10 }, (_, i) => `aaaaa-bbbb${i}`);
    const api = stubApi({
      'GET /api/user/me/passkeys': { body: { data: [] } },
      'POST /api/user/me/passkeys/options': { body: { data: { challenge: 'abc' } } },
      'POST /api/user/me/passkeys': {
        status: 201,
        body: { message: 'The passkey has been added.', data: laptop, recovery_codes: codes },
      },
    });
    const onRecoveryCodes = vi.fn();
    const { user } = renderInApp(
      <PasskeysPanel lastFactorKept={false} onChanged={() => {}} onRecoveryCodes={onRecoveryCodes} />,
    );
    expect((await screen.findByTestId('passkeys-none')).textContent).toBe('No passkeys yet.');
    await user.type(screen.getByTestId('passkey-name-input'), 'Work laptop');
    await user.click(screen.getByTestId('passkey-add'));
    await waitFor(() => expect(onRecoveryCodes).toHaveBeenCalledWith(codes));
    expect(ceremony.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc' } });
    expect(api.callsTo('POST /api/user/me/passkeys')[0]?.body).toEqual({ name: 'Work laptop', response: answer });
  });
});
