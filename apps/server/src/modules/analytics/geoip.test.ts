import { lookup } from 'fast-geoip';
import { describe, expect, it } from 'vitest';
import { geoLookup } from './geoip.js';

/** Deterministic addresses spread over the whole IPv4 space (a linear congruential sequence). */
function addresses(n: number): string[] {
  let x = 12345;
  return Array.from({ length: n }, () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return [x >>> 24, (x >>> 16) & 255, (x >>> 8) & 255, x & 255].join('.');
  });
}

describe('geoLookup', () => {
  it('answers what fast-geoip’s own lookup answers, address by address, cached or not', async () => {
    const all = [...addresses(1500), '195.113.0.1', '87.244.215.1', '1.0.0.0', '0.0.0.1', '255.255.255.255'];
    for (const pass of [1, 2]) {
      for (const address of all) {
        const theirs = await lookup(address);
        const expected = theirs ? { country: theirs.country, city: theirs.city } : null;
        expect({ address, pass, place: geoLookup(address) }).toEqual({ address, pass, place: expected });
      }
    }
  });

  it('is null for what is not a dotted IPv4 address', () => {
    for (const address of ['', '::1', '2001:db8::1', '1.2.3', '1.2.3.4.5', '256.1.1.1', '1.2.3.x', '01.2.3.4a']) {
      expect(geoLookup(address)).toBeNull();
    }
  });
});
