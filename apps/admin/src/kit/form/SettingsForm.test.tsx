import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearUser, setUser } from '../../api/session';
import { emailSettings, socialSettings } from '../../screens/settings/settingsDefs';
import { type Reply, stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { SettingsForm } from './SettingsForm';
import { draftKey, readDraft } from './useLocalDraft';

// Unsaved work on a settings screen (docs/features/admin-ui.md): the same question as a resource form before the
// edits are left behind, Ctrl+S, and the local draft, which never holds a secret.

const STAMP = '2026-11-24T10:00:00.000Z';
const both = (value: string) => ({ sk: value, en: value });
const answer = (data: object): Reply => ({
  body: { data, secrets: {}, updated_at: STAMP, abilities: { update: true, updateSecrets: true } },
});
const social = {
  social_facebook_app_id: both(''),
  social_facebook_link: both('https://fb.com/demo'),
  social_instagram_link: both(''),
  social_twitter_link: both(''),
  social_youtube_link: both(''),
  social_linkedin_link: both(''),
};
const email = {
  email_recipient: both('office@example.com'),
  email_sender: both('noreply@example.com'),
  email_sender_name: both('Office'),
  mailchimp_api_key: both(''),
  mailchimp_list_id: both(''),
};
const SOCIAL = 'GET /api/settings/4';

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
// antd renders a confirmation's title twice (one for assistive technology).
const question = () => waitFor(() => expect(screen.getAllByText('Discard unsaved changes?').length).toBeGreaterThan(0));
const draftKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('draft:'));

beforeEach(() => {
  setUser({
    id: 1,
    name: 'Ada',
    surname: 'Admin',
    email: 'ada@example.com',
    role_id: 1,
    image: null,
    language_code: 'en',
  });
});
afterEach(() => {
  for (const key of draftKeys()) localStorage.removeItem(key);
  clearUser('logout');
});

describe('settings form: unsaved work', () => {
  it('asks before a route change leaves edits behind; "Keep editing" stays, "Discard" leaves', async () => {
    stubApi({ [SOCIAL]: answer(social) });
    const { user, router } = renderInApp(<SettingsForm def={socialSettings} />, { url: '/settings/social' });
    await waitFor(() => expect(field('field-social_facebook_link-sk').value).toBe('https://fb.com/demo'));

    // Without edits nothing asks.
    await act(() => router.navigate('/elsewhere'));
    expect(router.state.location.pathname).toBe('/elsewhere');
    await act(() => router.navigate('/settings/social'));
    await waitFor(() => expect(field('field-social_facebook_link-sk').value).toBe('https://fb.com/demo'));

    await user.type(field('field-social_facebook_link-sk'), '2');
    void router.navigate('/elsewhere');
    await question();
    expect(router.state.location.pathname).toBe('/settings/social');
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/settings/social');
    expect(field('field-social_facebook_link-sk').value).toBe('https://fb.com/demo2');

    void router.navigate('/elsewhere');
    await question();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('saves with Ctrl+S, and the saved values ask nothing more', async () => {
    const api = stubApi({
      [SOCIAL]: answer(social),
      'POST /api/settings/4': {
        body: {
          message: 'Saved.',
          data: { ...social, social_facebook_link: { sk: 'https://fb.com/demo2', en: 'https://fb.com/demo' } },
          secrets: {},
          updated_at: '2026-11-24T11:00:00.000Z',
        },
      },
    });
    const { user, router } = renderInApp(<SettingsForm def={socialSettings} />, { url: '/settings/social' });
    await waitFor(() => expect(field('field-social_facebook_link-sk').value).toBe('https://fb.com/demo'));
    await user.type(field('field-social_facebook_link-sk'), '2');

    await user.keyboard('{Control>}s{/Control}');

    await waitFor(() => expect(api.callsTo('POST /api/settings/4')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('notification').textContent).toContain('Saved.'));
    await act(() => router.navigate('/elsewhere'));
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(screen.queryAllByText('Discard unsaved changes?')).toHaveLength(0);
  });

  it('keeps a draft of the edits and offers it on the next visit, without the secret typed', async () => {
    stubApi({ 'GET /api/settings/3': answer(email) });
    const first = renderInApp(<SettingsForm def={emailSettings} />);
    await waitFor(() => expect(field('field-email_sender_name-sk').value).toBe('Office'));
    await first.user.type(field('field-email_sender_name-sk'), ' SK');
    await first.user.type(field('field-mailchimp_api_key-sk'), 'abc123-us1');
    await waitFor(() => expect(readDraft(draftKey(1, 'settings', 3))).not.toBeNull());
    first.unmount();

    const kept = localStorage.getItem(draftKey(1, 'settings', 3)) ?? '';
    expect(kept).toContain('Office SK');
    expect(kept).not.toContain('abc123');
    expect(kept).not.toContain('mailchimp_api_key');

    const { user } = renderInApp(<SettingsForm def={emailSettings} />);
    await user.click(await screen.findByTestId('draft-restore'));
    expect(field('field-email_sender_name-sk').value).toBe('Office SK');
  });
});
