import type { StoredUser } from '@backoffice/shared';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearUser, getLastClearReason, getUser, setUser } from '../../api/session';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { SESSION_CHECK_MS, useSessionCheck } from './useSessionCheck';

// An ended session told at once (docs/features/sign-in-and-users.md): the shell asks for the current user as the
// tab comes back and every minute while it is visible; a 401 signs the tab out without waiting for a click.

const ME = 'GET /api/user/me';
const USER: StoredUser = {
  id: 1,
  name: 'Ada',
  surname: 'Admin',
  email: 'ada@example.com',
  role_id: 1,
  image: null,
  language_code: 'en',
};

function Shell() {
  useSessionCheck();
  return null;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

afterEach(() => {
  setVisibility('visible');
  clearUser('logout');
});

describe('the session check', () => {
  it('asks as the tab opens, gets the focus back, is shown again, and each minute only while visible', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    setUser(USER);
    const api = stubApi({ [ME]: { body: { data: USER } } });
    renderInApp(<Shell />);
    await waitFor(() => expect(api.callsTo(ME)).toHaveLength(1));

    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(api.callsTo(ME)).toHaveLength(2));

    act(() => {
      vi.advanceTimersByTime(SESSION_CHECK_MS);
    });
    await waitFor(() => expect(api.callsTo(ME)).toHaveLength(3));

    // A hidden tab asks nothing; shown again, it asks at once.
    setVisibility('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      vi.advanceTimersByTime(3 * SESSION_CHECK_MS);
    });
    expect(api.callsTo(ME)).toHaveLength(3);
    setVisibility('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(api.callsTo(ME)).toHaveLength(4));
  });

  it('signs the tab out as it comes back to a session ended elsewhere', async () => {
    setUser(USER);
    const api = stubApi({ [ME]: { body: { data: USER } } });
    renderInApp(<Shell />);
    await waitFor(() => expect(api.callsTo(ME)).toHaveLength(1));
    expect(getUser()?.id).toBe(1);

    api.routes[ME] = { status: 401, body: { message: 'Unauthenticated.' } };
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });

    await waitFor(() => expect(getUser()).toBeNull());
    expect(getLastClearReason()).toBe('unauthorized');
  });

  it('keeps a tab signed out when an answer that was on its way as the user signed out comes in', async () => {
    setUser(USER);
    let answer: (reply: { body: unknown }) => void = () => {};
    const api = stubApi({ [ME]: () => new Promise((resolve) => (answer = resolve)) });
    renderInApp(<Shell />);
    await waitFor(() => expect(api.callsTo(ME)).toHaveLength(1));

    act(() => clearUser('logout'));
    await act(async () => answer({ body: { data: USER } }));

    expect(getUser()).toBeNull();
    // Signed in again, the next answer keeps the user fresh as before.
    setUser(USER);
    api.routes[ME] = { body: { data: { ...USER, name: 'Adela' } } };
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(getUser()?.name).toBe('Adela'));
  });
});
