import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearUser, getUser } from '../../api/session';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import LoginScreen from './LoginScreen';

// The browser's ceremony: jsdom has no WebAuthn, so the library's two calls stand in for the authenticator.
const ceremony = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: ceremony.startAuthentication,
  startRegistration: vi.fn(),
}));

const editor = {
  id: 7,
  name: 'Eva',
  surname: 'Redaktorová',
  email: 'editor@example.com',
  role_id: 2,
  image: null,
  language_code: 'en' as const,
  two_factor: true,
};
const options = { challenge: 'c2VydmVy', rpId: 'localhost', allowCredentials: [] };
const answer = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };

afterEach(() => {
  clearUser('logout');
  ceremony.startAuthentication.mockReset();
});

async function passwordStep(user: ReturnType<typeof renderInApp>['user']) {
  await user.type(screen.getByTestId('login-email'), editor.email);
  await user.type(screen.getByTestId('login-password'), 'editor-password');
  await waitFor(() => expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false));
  await user.click(screen.getByTestId('login-submit'));
}

describe('the second step of a sign-in with a passkey', () => {
  it('offers "Use a passkey" beside the code when the password step says so, and signs in with its answer', async () => {
    ceremony.startAuthentication.mockResolvedValue(answer);
    const api = stubApi({
      'GET /sanctum/csrf-cookie': {},
      'POST /api/login': { body: { two_factor: true, passkey: true } },
      'POST /api/login/passkey/options': { body: { data: options } },
      'POST /api/login/passkey': { body: { data: editor } },
    });
    const { user } = renderInApp(<LoginScreen />, { url: '/admin/login' });
    await passwordStep(user);
    expect(await screen.findByTestId('two-factor-code')).toBeTruthy();
    await user.click(screen.getByTestId('two-factor-passkey'));
    await waitFor(() => expect(getUser()).toEqual(editor));
    expect(ceremony.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(api.callsTo('POST /api/login/passkey')[0]?.body).toEqual({ response: answer });
  });

  it('says a cancelled ceremony, and the code still works', async () => {
    ceremony.startAuthentication.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    stubApi({
      'GET /sanctum/csrf-cookie': {},
      'POST /api/login': { body: { two_factor: true, passkey: true } },
      'POST /api/login/passkey/options': { body: { data: options } },
      'POST /api/login/two-factor': { body: { data: editor } },
    });
    const { user } = renderInApp(<LoginScreen />, { url: '/admin/login' });
    await passwordStep(user);
    await user.click(await screen.findByTestId('two-factor-passkey'));
    expect((await screen.findByTestId('two-factor-error')).textContent).toBe(
      'The passkey was not used: the request was cancelled or timed out.',
    );
    await user.type(screen.getByTestId('two-factor-code'), '123456');
    await user.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(getUser()).toEqual(editor));
  });

  it('a user without a passkey sees the code only', async () => {
    stubApi({ 'GET /sanctum/csrf-cookie': {}, 'POST /api/login': { body: { two_factor: true } } });
    const { user } = renderInApp(<LoginScreen />, { url: '/admin/login' });
    await passwordStep(user);
    await screen.findByTestId('two-factor-code');
    expect(screen.queryByTestId('two-factor-passkey')).toBeNull();
  });
});
