import { createRequire } from 'node:module';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { UAParser } from 'ua-parser-js';
import { geoLookup } from './geoip.js';

const require = createRequire(import.meta.url);
// The library's core and English names only (its node entry would load every locale it ships).
const countries = require('i18n-iso-countries/index.js') as {
  registerLocale(data: unknown): void;
  getName(code: string, lang: string): string | undefined;
  getAlpha2Code(name: string, lang: string): string | undefined;
};
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

type Device = { browser: string; system: string };
/** The devices of the user agents seen last: a site's visitors send few distinct ones, and parsing is the costly part. */
const devices = new LRUCache<string, Device>({ max: 1000 });

/** Browser and system names of a user agent (ua-parser-js 1.x, MIT), '' when unknown. */
export function deviceOf(userAgent: string): Device {
  let device = devices.get(userAgent);
  if (!device) {
    const parsed = new UAParser(userAgent).getResult();
    device = { browser: (parsed.browser.name ?? '').slice(0, 64), system: (parsed.os.name ?? '').slice(0, 64) };
    devices.set(userAgent, device);
  }
  return device;
}

/** Whether the user agent is a crawler, a preview fetcher or a headless tool (or says nothing at all). */
export const isBotAgent = (userAgent: string) => !userAgent.trim() || isbot(userAgent);

/** Loopback, private, link-local, shared and reserved IPv4 ranges: they name no place (the GeoLite data errs there). */
function isPrivate(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b < 128) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b < 32) ||
    (a === 192 && b === 168)
  );
}

/**
 * The ISO 3166-1 alpha-2 code of a country as `placeOf` names it (the stored English name), so that the admin can
 * name it in the UI's language; undefined for `(not set)` and names the library does not know.
 */
export function countryCode(name: string): string | undefined {
  return countries.getAlpha2Code(name, 'en');
}

/**
 * The country (English name) and city of an IPv4 address from the offline GeoLite data of `fast-geoip` (its data
 * has no IPv6; `geoip.ts`); '' for what it cannot place.
 */
export function placeOf(address: string): { country: string; city: string } {
  const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(ip) || isPrivate(ip)) return { country: '', city: '' };
  const found = geoLookup(ip);
  if (!found) return { country: '', city: '' };
  const country = (found.country && countries.getName(found.country, 'en')) || found.country || '';
  return { country: country.slice(0, 100), city: found.city.slice(0, 100) };
}

/** Search engines by host, with the query parameters that hold the words searched for. */
const ENGINES: { name: string; host: RegExp; params: string[] }[] = [
  { name: 'Google', host: /(^|\.)google\.[a-z.]+$/, params: ['q'] },
  { name: 'Bing', host: /(^|\.)bing\.com$/, params: ['q'] },
  { name: 'Yahoo', host: /(^|\.)yahoo\.[a-z.]+$/, params: ['p', 'q'] },
  { name: 'DuckDuckGo', host: /(^|\.)duckduckgo\.com$/, params: ['q'] },
  { name: 'Seznam', host: /(^|\.)seznam\.cz$/, params: ['q'] },
  { name: 'Yandex', host: /(^|\.)yandex\.[a-z.]+$/, params: ['text'] },
];

export interface Source {
  /** The referring page of another site (host and path, no query), '' for none or this site. */
  page: string;
  /** The search engine's name, '' when the referrer is none. */
  engine: string;
  /** The words searched for (the engine's query, else `utm_term`), ''. */
  keyword: string;
}

/** Where a visit came from: its referrer (unless it is one of `ownHosts`) and `utm_term`. */
export function sourceOf(referrer: string, utmTerm: string, ownHosts: Set<string>): Source {
  let page = '';
  let engine = '';
  let keyword = '';
  let url: URL | null = null;
  try {
    url = referrer ? new URL(referrer) : null;
  } catch {
    url = null;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:') && !ownHosts.has(url.host.toLowerCase())) {
    const host = url.hostname.toLowerCase();
    page = `${host}${url.pathname}`.slice(0, 2048);
    const found = ENGINES.find((e) => e.host.test(host));
    if (found) {
      engine = found.name;
      for (const param of found.params) {
        const words = url.searchParams.get(param)?.trim();
        if (words) {
          keyword = words;
          break;
        }
      }
    }
  }
  if (utmTerm.trim()) keyword = utmTerm.trim();
  return { page, engine, keyword: keyword.toLowerCase().slice(0, 255) };
}
