import { describe, expect, it } from 'vitest';
import {
  formatAxis,
  formatCurrency,
  formatDecimal2,
  formatDimension,
  formatDuration,
  formatPercent,
  formatRate,
} from './format';

// Intl puts a no-break space (U+00A0) or a narrow one (U+202F) where Slovak writes a space.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('statistics formats (docs/spec-index.md S2.9)', () => {
  it('shows a session duration as MM:SS', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(5)).toBe('00:05');
    expect(formatDuration(83.6)).toBe('01:24');
    expect(formatDuration(754)).toBe('12:34');
    expect(formatDuration(3723)).toBe('62:03');
    expect(formatDuration(Number.NaN)).toBe('00:00');
  });

  it('rounds pages per session and the conversion rate to 2 decimals', () => {
    expect(formatDecimal2(2.456, 'en')).toBe('2.46');
    expect(formatDecimal2(3, 'en')).toBe('3.00');
    expect(formatDecimal2(2.456, 'sk')).toBe('2,46');
    expect(spaces(formatRate(3.1372, 'sk'))).toBe('3,14 %');
    expect(formatRate(3.1372, 'en')).toBe('3.14%');
  });

  it('shows the bounce rate as a whole percent', () => {
    expect(formatPercent(43.6, 'en')).toBe('44%');
    expect(spaces(formatPercent(43.4, 'sk'))).toBe('43 %');
    expect(formatPercent(0, 'en')).toBe('0%');
  });

  it('shows the conversion value in EUR in the UI language', () => {
    expect(formatCurrency(1234.5, 'en')).toBe('€1,234.50');
    expect(spaces(formatCurrency(1234.5, 'sk'))).toBe('1 234,50 €');
  });

  it('rounds axis values', () => {
    expect(formatAxis(1234.4, 'en')).toBe('1,234');
    expect(formatAxis(25_000, 'en')).toBe('25K');
  });

  it('names countries and languages in the UI language and translates (not set)', () => {
    const germany = { country: 'Germany', code: 'DE', sessions: 1 };
    expect(formatDimension('country', germany, 'sk', '(nezistené)')).toBe('Nemecko');
    expect(formatDimension('country', germany, 'en', '(not set)')).toBe('Germany');
    expect(formatDimension('country', { country: 'Atlantis' }, 'sk', '–')).toBe('Atlantis');
    expect(formatDimension('language', { language: 'en-us' }, 'sk', '–')).toBe('angličtina (americká)');
    expect(formatDimension('language', { language: 'sk' }, 'en', '–')).toBe('Slovak');
    expect(formatDimension('language', { language: 'not a tag!' }, 'en', '–')).toBe('not a tag!');
    expect(formatDimension('city', { city: '(not set)' }, 'sk', '(nezistené)')).toBe('(nezistené)');
    expect(formatDimension('browser', { browser: 'Chrome' }, 'sk', '–')).toBe('Chrome');
  });

  it('names cities in Slovak in the Slovak UI where Slovak has its own name, as stored otherwise', () => {
    expect(formatDimension('city', { city: 'Vienna' }, 'sk', '–')).toBe('Viedeň');
    expect(formatDimension('city', { city: 'Prague' }, 'sk', '–')).toBe('Praha');
    expect(formatDimension('city', { city: 'Munich' }, 'sk', '–')).toBe('Mníchov');
    expect(formatDimension('city', { city: 'Prague' }, 'en', '–')).toBe('Prague');
    expect(formatDimension('city', { city: 'Košice' }, 'sk', '–')).toBe('Košice');
    expect(formatDimension('city', { city: 'constructor' }, 'sk', '–')).toBe('constructor');
  });
});
