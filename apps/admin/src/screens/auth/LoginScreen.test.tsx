import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearUser, getUser } from '../../api/session';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import LoginScreen from './LoginScreen';

// The rules' chunk (zod and the shared schemas) arrives only when a test lets it.
const rules = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});
vi.mock('./schemas', async (importOriginal) => {
  await rules.arrived;
  return importOriginal();
});

const admin = {
  id: 1,
  name: 'Admin',
  surname: 'Boss',
  email: 'admin@example.com',
  role_id: 1,
  image: null,
  language_code: 'en' as const,
  token: `1.${Date.now() + 3_600_000}.${'a'.repeat(43)}`,
};

afterEach(() => clearUser('logout'));

describe('LoginScreen', () => {
  it('a submit (Enter) made before the rules have loaded waits for them, loading, and then signs in', async () => {
    const api = stubApi({
      'GET /sanctum/csrf-cookie': {},
      'POST /api/login': { body: { data: admin } },
    });
    const { user } = renderInApp(<LoginScreen />, { url: '/admin/login' });
    const submit = screen.getByTestId('login-submit');
    await user.type(screen.getByTestId('login-email'), admin.email);
    await user.type(screen.getByTestId('login-password'), 'admin-password');
    // The rules have not arrived, and the filled-in form's button is not disabled for that.
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false), { timeout: 15_000 });
    await user.keyboard('{Enter}');

    // The rules are not there yet: the submit is kept, the button shows that it is at work (on a loaded machine the
    // render after the key may come a tick later).
    // A full run on a loaded machine once took longer than waitFor's default second.
    await waitFor(() => expect(submit.getAttribute('aria-busy')).toBe('true'), { timeout: 15_000 });
    expect(api.callsTo('POST /api/login')).toHaveLength(0);
    expect(getUser()).toBeNull();

    rules.release();
    await waitFor(() => expect(api.callsTo('POST /api/login')).toHaveLength(1), { timeout: 15_000 });
    expect(api.callsTo('POST /api/login')[0]?.body).toEqual({ email: admin.email, password: 'admin-password' });
    await waitFor(() => expect(getUser()).toEqual(admin), { timeout: 15_000 });
    // Typing 40 characters through user-event took 5.1 s on a loaded 2-core machine: more than the 5 s default.
  }, 30_000);

  it('the password field has a show/hide toggle that switches the input type, by mouse and keyboard', async () => {
    stubApi({ 'GET /sanctum/csrf-cookie': {} });
    const { user } = renderInApp(<LoginScreen />, { url: '/admin/login' });
    const password = screen.getByTestId('login-password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-controls')).toBe(password.id);
    expect(password.getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    // From the keyboard: Tab from the password reaches the toggle; Space and Enter press it, without submitting.
    await user.click(password);
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(' ');
    expect(password.getAttribute('type')).toBe('password');
    await user.keyboard('{Enter}');
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});
