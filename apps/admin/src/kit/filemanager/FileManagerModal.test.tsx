import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearUser, getUser, setUser } from '../../api/session';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { FileManagerModal } from './FileManagerModal';

const user = {
  id: 7,
  name: 'Eva',
  surname: 'Editor',
  email: 'eva@example.com',
  role_id: 2,
  image: null,
  language_code: 'en' as const,
};
const tokenExpiringIn = (ms: number, sig = 'a'.repeat(43)) => `${user.id}.${Date.now() + ms}.${sig}`;

const frameToken = async () => {
  const frame = await screen.findByTestId('filemanager-frame');
  return new URL(frame.getAttribute('src') ?? '', window.location.origin).searchParams.get('token');
};

afterEach(() => clearUser('logout'));

describe('FileManagerModal: the token of the address', () => {
  it("puts the stored user's token (the sign-in answer's) into the address while it is fresh", async () => {
    const stored = tokenExpiringIn(50 * 60_000);
    setUser({ ...user, token: stored });
    const api = stubApi({ 'GET /api/files/token': { body: { data: { token: 'renewed', expires_at: '' } } } });
    renderInApp(<FileManagerModal open onClose={() => {}} />);
    expect(await frameToken()).toBe(stored);
    expect(api.callsTo('GET /api/files/token')).toHaveLength(0);
  });

  it('renews a token about to expire and stores the new one in the stored user', async () => {
    const renewed = tokenExpiringIn(60 * 60_000, 'b'.repeat(43));
    setUser({ ...user, token: tokenExpiringIn(60_000) });
    const api = stubApi({ 'GET /api/files/token': { body: { data: { token: renewed, expires_at: '' } } } });
    renderInApp(<FileManagerModal open onClose={() => {}} />);
    expect(await frameToken()).toBe(renewed);
    expect(api.callsTo('GET /api/files/token')).toHaveLength(1);
    await waitFor(() => expect(getUser()?.token).toBe(renewed));
  });
});
