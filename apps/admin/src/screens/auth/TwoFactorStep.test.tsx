import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearUser, getUser } from '../../api/session';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import LoginScreen from './LoginScreen';

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

afterEach(() => clearUser('logout'));

async function passwordStep(user: ReturnType<typeof renderInApp>['user']) {
  await user.type(screen.getByTestId('login-email'), editor.email);
  await user.type(screen.getByTestId('login-password'), 'editor-password');
  await waitFor(() => expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false));
  await user.click(screen.getByTestId('login-submit'));
}

describe('the second step of a sign-in', () => {
  it('after {two_factor: true} asks for the code, and signs in with it', async () => {
    const api = stubApi({
      'GET /sanctum/csrf-cookie': {},
      'POST /api/login': { body: { two_factor: true } },
      'POST /api/login/two-factor': { body: { data: editor } },
    });
    const { user } = renderInApp(<LoginScreen />, { url: '/admin/login' });
    await passwordStep(user);
    const code = await screen.findByTestId('two-factor-code');
    expect(getUser()).toBeNull();
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect((screen.getByTestId('two-factor-submit') as HTMLButtonElement).disabled).toBe(true);
    await user.type(code, '123 456');
    await user.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(getUser()).toEqual(editor));
    expect(api.callsTo('POST /api/login/two-factor')[0]?.body).toEqual({ code: '123 456' });
  });

  it('says a wrong code, and switches to a recovery code', async () => {
    const api = stubApi({
      'GET /sanctum/csrf-cookie': {},
      'POST /api/login': { body: { two_factor: true } },
      'POST /api/login/two-factor': (call) =>
        (call.body as { code?: string }).code
          ? { status: 422, body: { message: 'Invalid', errors: { code: ['twoFactor.codeInvalid'] } } }
          : { body: { data: editor } },
    });
    const { user } = renderInApp(<LoginScreen />, { url: '/admin/login' });
    await passwordStep(user);
    await user.type(await screen.findByTestId('two-factor-code'), '000000');
    await user.click(screen.getByTestId('two-factor-submit'));
    expect((await screen.findByTestId('two-factor-error')).textContent).toBe('The code is not valid.');
    await user.click(screen.getByTestId('two-factor-switch'));
    await user.type(screen.getByTestId('two-factor-recovery'), 'abcde-12345');
    await user.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(getUser()).toEqual(editor));
    expect(api.callsTo('POST /api/login/two-factor')[1]?.body).toEqual({ recovery_code: 'abcde-12345' });
  });
});
