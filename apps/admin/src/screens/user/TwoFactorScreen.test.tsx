import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import TwoFactorScreen from './TwoFactorScreen';

const me = {
  id: 7,
  name: 'Eva',
  surname: 'Nová',
  email: 'eva@example.com',
  role_id: 2,
  image: null,
  language_code: 'en' as const,
  two_factor: true,
};
const laptop = { id: 3, name: 'Work laptop', created_at: '2026-11-20T08:00:00.000Z', last_used_at: null };
const codes = Array.from({ length: 10 }, (_, i) => `ccccc-dddd${i}`);

/** The screen of a user whose second factor is `totp` (the app) or passkeys alone, with `left` recovery codes. */
function stubScreen(totp: boolean, left: number) {
  return stubApi({
    'GET /api/user/me': { body: { data: me } },
    'GET /api/user/me/two-factor': {
      body: { data: { enabled: true, totp, required: false, recovery_codes_left: left } },
    },
    'GET /api/user/me/passkeys': { body: { data: totp ? [] : [laptop] } },
    'POST /api/user/me/two-factor/recovery-codes': {
      body: { message: 'New recovery codes have been made.', recovery_codes: codes },
    },
  });
}

describe('the two-factor screen: new recovery codes', () => {
  it('a passkey-only user makes them with the password and sees them once', async () => {
    const api = stubScreen(false, 2);
    const { user } = renderInApp(<TwoFactorScreen />);
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toContain('2');
    expect(screen.queryByTestId('recovery-renew-code')).toBeNull();
    await user.type(screen.getByTestId('recovery-renew-password'), 'my-password');
    await user.click(screen.getByTestId('recovery-renew'));

    await waitFor(() => expect(api.callsTo('POST /api/user/me/two-factor/recovery-codes')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/me/two-factor/recovery-codes')[0]?.body).toEqual({ password: 'my-password' });
    expect((await screen.findAllByTestId('recovery-code')).map((code) => code.textContent)).toEqual(codes);
  });

  it('a user with the authenticator app types a code of it', async () => {
    const api = stubScreen(true, 9);
    const { user } = renderInApp(<TwoFactorScreen />);
    await user.type(await screen.findByTestId('recovery-renew-code'), '123456');
    expect(screen.queryByTestId('recovery-renew-password')).toBeNull();
    await user.click(screen.getByTestId('recovery-renew'));
    await waitFor(() =>
      expect(api.callsTo('POST /api/user/me/two-factor/recovery-codes')[0]?.body).toEqual({ code: '123456' }),
    );
  });
});
