import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '../test/api';
import { renderInApp } from '../test/render';
import { TranslationChanges } from './TranslationChanges';
import { translationColumn } from './translation';

const BASE = '/api/content/text/';
const CHANGES = 'GET /api/content/text/7/translation/changes';
const MARK = 'POST /api/content/text/7/translation/current';
const changes = (revision: object | null, list: object[]) => ({
  body: {
    data: { locale: 'en', outdated: true, current_at: '2026-11-20T10:00:00.000Z', revision, changes: list },
  },
});
const open = (canMark = true) =>
  renderInApp(<TranslationChanges apiKey="texts" base={BASE} id={7} locale="en" canMark={canMark} />);

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('TranslationChanges', () => {
  it("shows the Slovak's changed words since the English was current, and marks it up to date", async () => {
    const api = stubApi({
      [CHANGES]: changes({ id: 3, created_at: '2026-11-20T10:00:00.000Z', action: 'update' }, [
        { field: 'content', before: '<p>Mon–Fri</p>', after: '<p>Mon–Sat</p>' },
      ]),
      [MARK]: {
        body: {
          message: 'The language has been marked as up to date.',
          translation: { sk: 'complete', en: 'complete' },
        },
      },
    });
    const { user, queryClient } = open();
    queryClient.setQueryData(['texts', 'record', 7], {
      data: { id: 7 },
      translation: { sk: 'complete', en: 'outdated' },
    });
    const field = await screen.findByTestId('translation-change-content');
    expect(within(field).getByTestId('translation-change-before').textContent).toBe('Mon–Fri');
    expect(within(field).getByTestId('translation-change-after').querySelector('.bo-history-added')?.textContent).toBe(
      'Sat',
    );
    expect(screen.getByTestId('translation-changes-en').textContent).toContain(
      'The Slovak changed since this English was last up to date.',
    );
    expect(api.callsTo(CHANGES)[0]?.query.get('locale')).toBe('en');

    await user.click(screen.getByTestId('mark-current-en'));
    expect(await screen.findByText('The language has been marked as up to date.')).toBeTruthy();
    expect(api.callsTo(MARK)[0]?.body).toEqual({ locale: 'en' });
    // The record's state follows in the cache, its values untouched.
    expect(queryClient.getQueryData(['texts', 'record', 7])).toEqual({
      data: { id: 7 },
      translation: { sk: 'complete', en: 'complete' },
    });
  });

  it('says so when the history holds no version from then, in Slovak; no button without the right to edit', async () => {
    await i18next.changeLanguage('sk');
    stubApi({ [CHANGES]: changes(null, []) });
    open(false);
    expect((await screen.findByTestId('translation-changes-none-en')).textContent).toContain(
      'História nemá verziu z času, keď bol tento jazyk naposledy aktuálny',
    );
    expect(screen.queryByTestId('mark-current-en')).toBeNull();
  });
});

describe('translationColumn', () => {
  it('names the language that is behind: "Outdated: en" / "Zastarané: en"', async () => {
    const column = translationColumn<{ translation: object }>(i18next.t);
    const row = { translation: { sk: 'complete', en: 'outdated' } };
    const { unmount } = render(<div>{column.render?.(null, row, 0) as ReactNode}</div>);
    const outdated = screen.getByTestId('cell-translation').querySelector('[data-state="outdated"]');
    expect(outdated?.textContent).toBe('Outdated: en');
    expect(screen.getByTestId('cell-translation').querySelector('[data-state="complete"]')?.textContent).toBe('SK');
    unmount();
    await i18next.changeLanguage('sk');
    render(<div>{translationColumn<{ translation: object }>(i18next.t).render?.(null, row, 0) as ReactNode}</div>);
    expect(screen.getByTestId('cell-translation').querySelector('[data-state="outdated"]')?.textContent).toBe(
      'Zastarané: en',
    );
  });
});
