import { type Locale, STATS, STATS_NOT_SET } from '@backoffice/shared';
import { SLOVAK_CITY_NAMES } from './cityNames';

const INTL_LOCALE: Record<Locale, string> = { sk: 'sk-SK', en: 'en-US' };

/** Seconds as MM:SS (minutes keep counting past an hour: 75:03). */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const minutes = Math.floor(total / 60);
  return `${String(minutes).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** A whole number with the language's grouping (12 345 / 12,345). */
export function formatCount(value: number, language: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: 0 }).format(value);
}

/** Two decimals, always shown (pages per session, conversion rate). */
export function formatDecimal2(value: number, language: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
}

/** A percentage (0–100) as a whole percent with the language's sign spacing: 43 % / 43%. */
export function formatPercent(value: number, language: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { style: 'percent', maximumFractionDigits: 0 }).format(
    value / 100,
  );
}

/** A percentage (0–100) with two decimals, for the shares in the tables. */
export function formatRate(value: number, language: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value / 100);
}

/** An amount in EUR in the language's format: 1 234,50 € / €1,234.50. */
export function formatCurrency(value: number, language: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { style: 'currency', currency: STATS.currency }).format(value);
}

/** Axis values are rounded: whole numbers, compact above ten thousand (12 tis. / 12K). */
export function formatAxis(value: number, language: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], {
    notation: Math.abs(value) >= 10_000 ? 'compact' : 'standard',
    maximumFractionDigits: 0,
  }).format(value);
}

/**
 * A session table's value as the UI's language names it: countries by their ISO code and language tags
 * (`en-us`) through `Intl.DisplayNames`, cities (stored in English) by their Slovak name in Slovak where it differs,
 * `(not set)` by the caller's translation; anything else as stored.
 */
export function formatDimension(
  dimension: string,
  row: { code?: string } & Record<string, unknown>,
  language: Locale,
  notSet: string,
): string {
  const value = String(row[dimension] ?? '');
  if (value === STATS_NOT_SET) return notSet;
  if (dimension === 'city' && language === 'sk' && Object.hasOwn(SLOVAK_CITY_NAMES, value)) {
    return SLOVAK_CITY_NAMES[value] ?? value;
  }
  try {
    if (dimension === 'country' && row.code) {
      return new Intl.DisplayNames([INTL_LOCALE[language]], { type: 'region', fallback: 'none' }).of(row.code) ?? value;
    }
    if (dimension === 'language') {
      return new Intl.DisplayNames([INTL_LOCALE[language]], { type: 'language', fallback: 'none' }).of(value) ?? value;
    }
  } catch {
    // A tag Intl cannot read (RangeError) stays as stored.
  }
  return value;
}
