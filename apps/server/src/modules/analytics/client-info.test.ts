import { describe, expect, it } from 'vitest';
import { deviceOf, isBotAgent, placeOf, sourceOf } from './client-info.js';

describe('what the collector reads of a visitor', () => {
  it('places a public IPv4 address offline, and no private, loopback or IPv6 one', async () => {
    expect(placeOf('195.113.0.1').country).toBe('Czech Republic');
    expect(placeOf('::ffff:87.244.215.1').country).toBe('Slovakia');
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.10',
      '172.20.0.1',
      '100.64.0.1',
      '::1',
      '2a00:1450::1',
      'x',
    ]) {
      expect(placeOf(address)).toEqual({ country: '', city: '' });
    }
  });

  it('names browser and system; tells bots', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Mobile Safari', system: 'iOS' });
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({
      browser: 'Firefox',
      system: 'Linux',
    });
    expect(deviceOf('curl/8')).toEqual({ browser: '', system: '' });
    expect(isBotAgent('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).toBe(true);
    expect(isBotAgent('')).toBe(true);
    expect(isBotAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(false);
  });

  it('reads the search engine and its words from the referrer; utm_term wins; this site is no source', () => {
    const own = new Set(['backoffice.test']);
    expect(sourceOf('https://www.google.sk/search?q=Odvoz+Sute', '', own)).toEqual({
      page: 'www.google.sk/search',
      engine: 'Google',
      keyword: 'odvoz sute',
    });
    expect(sourceOf('https://search.yahoo.com/search?p=Abc', '', own).keyword).toBe('abc');
    expect(sourceOf('https://yandex.ru/search/?text=Gruz', '', own)).toMatchObject({
      engine: 'Yandex',
      keyword: 'gruz',
    });
    expect(sourceOf('https://search.seznam.cz/?q=sklad', '', own)).toMatchObject({
      engine: 'Seznam',
      keyword: 'sklad',
    });
    expect(sourceOf('https://duckduckgo.com/', 'Spring Offer', own)).toMatchObject({
      engine: 'DuckDuckGo',
      keyword: 'spring offer',
    });
    expect(sourceOf('https://www.bing.com/search?q=x&secret=1', '', own).page).toBe('www.bing.com/search');
    expect(sourceOf('http://backoffice.test/en/', '', own)).toEqual({ page: '', engine: '', keyword: '' });
    expect(sourceOf('javascript:alert(1)', '', own)).toEqual({ page: '', engine: '', keyword: '' });
    expect(sourceOf('not a url', '', own).page).toBe('');
    expect(sourceOf('https://notgoogle.com/?q=x', '', own)).toMatchObject({ engine: '', keyword: '' });
  });
});
