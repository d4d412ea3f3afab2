import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsForm } from '../../kit/form/SettingsForm';
import { type Reply, stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { emailSettings, mainSettings, socialSettings } from './settingsDefs';

// A settings screen's history and translation workflow (docs/features/revisions.md, docs/features/translations.md):
// the History drawer at /api/settings/{id}/revisions, the tab state and "Copy from the other language".

const STAMP = '2026-11-24T10:00:00.000Z';
const LATER = '2026-11-24T11:00:00.000Z';
const both = (value: string) => ({ sk: value, en: value });
const social = (facebook: { sk: string; en: string }) => ({
  social_facebook_app_id: both(''),
  social_facebook_link: facebook,
  social_instagram_link: both('https://instagram.com/demo'),
  social_twitter_link: both(''),
  social_youtube_link: both(''),
  social_linkedin_link: both(''),
});
const answer = (data: object, update = true, updated_at = STAMP): Reply => ({
  body: { data, secrets: {}, updated_at, abilities: { update, updateSecrets: update } },
});
const revisionRow = {
  id: 3,
  created_at: STAMP,
  action: 'update',
  changed: ['langs.en.social_facebook_link'],
  user: null,
};
/** The version kept before: the English link was another. */
const kept = {
  id: 4,
  langs: {
    sk: {
      ...Object.fromEntries(Object.entries(social(both(''))).map(([k, v]) => [k, v.sk])),
      social_facebook_link: 'https://fb.com/sk',
    },
    en: {
      ...Object.fromEntries(Object.entries(social(both(''))).map(([k, v]) => [k, v.en])),
      social_facebook_link: 'https://fb.com/old',
    },
  },
  updated_at: STAMP,
};

function stubSocial(update = true) {
  return stubApi({
    'GET /api/settings/4': answer(social({ sk: 'https://fb.com/sk', en: 'https://fb.com/new' }), update),
    'GET /api/settings/4/revisions': { body: { data: [revisionRow], meta: { total: 1 } } },
    'GET /api/settings/4/revisions/3': { body: { data: { ...revisionRow, record: kept } } },
  });
}

describe('settings history', () => {
  it('lists the versions, compares one field per locale with its label and restores it with the loaded updated_at', async () => {
    const api = stubSocial();
    const { user } = renderInApp(<SettingsForm def={socialSettings} />);
    await user.click(await screen.findByTestId('form-history'));
    const row = await screen.findByTestId('history-3');
    expect(row.textContent).toContain('Changed: Facebook');
    await user.click(row);
    const field = await screen.findByTestId('history-field-en.social_facebook_link');
    expect(within(field).getByText('Facebook')).toBeTruthy();
    expect(field.textContent).toContain('https://fb.com/old');
    expect(field.textContent).toContain('https://fb.com/new');
    expect(screen.queryByTestId('history-field-sk.social_facebook_link')).toBeNull();

    api.routes['POST /api/settings/4/revisions/3/restore'] = { body: { message: 'Saved.' } };
    api.routes['GET /api/settings/4'] = answer(
      social({ sk: 'https://fb.com/sk', en: 'https://fb.com/old' }),
      true,
      LATER,
    );
    await user.click(screen.getByTestId('history-restore'));
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('POST /api/settings/4/revisions/3/restore')).toHaveLength(1));
    expect(api.callsTo('POST /api/settings/4/revisions/3/restore')[0]?.body).toEqual({ updated_at: STAMP });
    await waitFor(() => expect(api.callsTo('GET /api/settings/4').length).toBeGreaterThan(1));
    await waitFor(() =>
      expect((screen.getByTestId('field-social_facebook_link-en') as HTMLInputElement).value).toBe(
        'https://fb.com/old',
      ),
    );
  });

  it('a role that may not save sees the versions without the restore button or the copy action', async () => {
    stubSocial(false);
    const { user } = renderInApp(<SettingsForm def={socialSettings} />);
    await user.click(await screen.findByTestId('form-history'));
    await user.click(await screen.findByTestId('history-3'));
    await screen.findByTestId('history-field-en.social_facebook_link');
    expect(screen.queryByTestId('history-restore')).toBeNull();
    expect(screen.queryByTestId('copy-locale-en')).toBeNull();
  });

  it('never compares the API key: the history leaves the secrets out', async () => {
    const email = {
      email_recipient: both('office@example.com'),
      email_sender: both('noreply@example.com'),
      email_sender_name: both('Demo'),
      mailchimp_api_key: both('••••us21'),
      mailchimp_list_id: both(''),
    };
    const { mailchimp_api_key: _key, ...withoutKey } = email;
    const flat = (l: 'sk' | 'en') => Object.fromEntries(Object.entries(withoutKey).map(([k, v]) => [k, v[l]]));
    const row = { ...revisionRow, changed: ['langs.sk.email_sender_name'] };
    stubApi({
      'GET /api/settings/3': answer(email),
      'GET /api/settings/3/revisions': { body: { data: [row], meta: { total: 1 } } },
      'GET /api/settings/3/revisions/3': {
        body: {
          data: {
            ...row,
            record: { langs: { sk: { ...flat('sk'), email_sender_name: 'Demo shop' }, en: flat('en') } },
          },
        },
      },
    });
    const { user } = renderInApp(<SettingsForm def={emailSettings} />);
    await user.click(await screen.findByTestId('form-history'));
    await user.click(await screen.findByTestId('history-3'));
    await screen.findByTestId('history-field-sk.email_sender_name');
    const diff = screen.getByTestId('history-diff');
    expect(diff.textContent).not.toContain('••••');
    expect(within(diff).queryByText('Mailchimp API key')).toBeNull();
  });

  it('compares an image of one locale as the saved and the current thumbnail under /gallery/settings/{id}/', async () => {
    const texts = {
      meta_title: both('Stavby Demo'),
      meta_description: both('d'.repeat(120)),
      og_title: both('Demo'),
      og_description: both('o'.repeat(100)),
      copyright: both('© Demo'),
    };
    const flat = (l: 'sk' | 'en', images: { og_image: string; favicon: string }) => ({
      ...Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v[l]])),
      ...images,
    });
    const row = { ...revisionRow, changed: ['langs.sk.og_image'] };
    stubApi({
      'GET /api/settings/1': answer({ ...texts, og_image: { sk: 'new.webp', en: 'en.webp' }, favicon: both('') }),
      'GET /api/settings/1/revisions': { body: { data: [row], meta: { total: 1 } } },
      'GET /api/settings/1/revisions/3': {
        body: {
          data: {
            ...row,
            record: {
              langs: {
                sk: flat('sk', { og_image: 'old.webp', favicon: '' }),
                en: flat('en', { og_image: 'en.webp', favicon: '' }),
              },
            },
          },
        },
      },
    });
    const { user } = renderInApp(<SettingsForm def={mainSettings} />);
    await user.click(await screen.findByTestId('form-history'));
    expect((await screen.findByTestId('history-3')).textContent).toContain('Changed: OG image');
    await user.click(screen.getByTestId('history-3'));
    const field = await screen.findByTestId('history-field-sk.og_image');
    const src = (side: string) =>
      within(field).getByTestId(`history-image-${side}`).querySelector('img')?.getAttribute('src');
    expect(src('before')).toBe('/gallery/settings/1/thumb/old.webp');
    expect(src('after')).toBe('/gallery/settings/1/thumb/new.webp');
    expect(screen.queryByTestId('history-field-en.og_image')).toBeNull();
  });
});

describe('settings translation workflow', () => {
  it('marks the tab whose field is empty while the other fills it, and copies it from the other language', async () => {
    stubApi({ 'GET /api/settings/4': answer(social({ sk: 'https://fb.com/sk', en: '' })) });
    const { user } = renderInApp(<SettingsForm def={socialSettings} />);
    const tag = await screen.findByTestId('locale-state-en');
    expect(tag.getAttribute('data-state')).toBe('missing');
    expect(screen.queryByTestId('locale-state-sk')).toBeNull();
    await user.click(screen.getByTestId('locale-tab-en'));
    await user.click(screen.getByTestId('copy-locale-en'));
    await waitFor(() =>
      expect((screen.getByTestId('field-social_facebook_link-en') as HTMLInputElement).value).toBe('https://fb.com/sk'),
    );
    await waitFor(() => expect(screen.queryByTestId('locale-state-en')).toBeNull());
  });
});
