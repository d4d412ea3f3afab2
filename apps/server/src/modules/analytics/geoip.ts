import { openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LRUCache } from 'lru-cache';

/*
 * Country code and city of an IPv4 address from the offline GeoLite2 data that `fast-geoip` (MIT) ships: a root
 * index, 56 mid indexes, 3 134 blocks of address ranges (about 49 KB of JSON each) and a file of fixed-size location
 * records. Its own `lookup` opens and parses up to four files for every address (about 0.5 ms of CPU), and its
 * cache keeps every file it ever read. This reader walks the same files with bounded caches instead: both indexes
 * whole (35 KB), the blocks read last, location records and answers by address; a site's visitors come from a few
 * networks, so most lookups parse nothing.
 */

const require = createRequire(import.meta.url);
const DATA = join(dirname(require.resolve('fast-geoip/package.json')), 'data');
const PARAMS = require('fast-geoip/build/params.js') as {
  LOCATION_RECORD_SIZE: number;
  NUMBER_NODES_PER_MIDINDEX: number;
};

/** Blocks kept parsed (about 100 KB of heap each). */
const BLOCKS_KEPT = 48;

export interface GeoPlace {
  /** ISO 3166-1 alpha-2. */
  country: string;
  city: string;
}

type Block = [start: number, location: number | null, ...rest: unknown[]][];

/** The index of the last entry whose key is ≤ `value`, -1 when `value` is below the first. */
function floorIndex<T>(list: T[], value: number, key: (item: T) => number): number {
  let low = 0;
  let high = list.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (key(list[mid] as T) <= value) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

const readJson = <T>(name: string): T => JSON.parse(readFileSync(join(DATA, name), 'utf8')) as T;
const same = (n: number) => n;

let root: number[] | null = null;
const mids = new Map<number, number[]>();
const blocks = new LRUCache<number, Block>({ max: BLOCKS_KEPT });
const locations = new LRUCache<number, GeoPlace>({ max: 4096 });
/** Answers by address; `NOWHERE` for an address the data has no place for. */
const answers = new LRUCache<number, GeoPlace>({ max: 10_000 });
const NOWHERE: GeoPlace = { country: '', city: '' };
let locationFile: number | null = null;
const record = Buffer.alloc(PARAMS.LOCATION_RECORD_SIZE);

function locationOf(index: number): GeoPlace {
  let place = locations.get(index);
  if (!place) {
    locationFile ??= openSync(join(DATA, 'locations.json'), 'r');
    const size = PARAMS.LOCATION_RECORD_SIZE;
    const read = readSync(locationFile, record, 0, size - 1, index * size + 1);
    const [country, , city] = JSON.parse(record.toString('utf8', 0, read)) as [string, string, string];
    place = { country: country ?? '', city: city ?? '' };
    locations.set(index, place);
  }
  return place;
}

function find(ip: number): GeoPlace | null {
  root ??= readJson<number[]>('index.json');
  const r = floorIndex(root, ip, same);
  if (r < 0) return null;
  let mid = mids.get(r);
  if (!mid) {
    mid = readJson<number[]>(`i${r}.json`);
    mids.set(r, mid);
  }
  const b = floorIndex(mid, ip, same);
  if (b < 0) return null;
  const blockIndex = b + r * PARAMS.NUMBER_NODES_PER_MIDINDEX;
  let block = blocks.get(blockIndex);
  if (!block) {
    block = readJson<Block>(`${blockIndex}.json`);
    blocks.set(blockIndex, block);
  }
  const entry = block[floorIndex(block, ip, (e) => e[0])];
  if (!entry || entry[1] === null) return null;
  return locationOf(entry[1]);
}

/** The address as a number, or null when it is not a dotted IPv4 address. */
function ipv4(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    n = n * 256 + Number(part);
  }
  return n;
}

/** The place of an IPv4 address, null when the data has none (or the address is not IPv4). */
export function geoLookup(address: string): GeoPlace | null {
  const ip = ipv4(address);
  if (ip === null) return null;
  let place = answers.get(ip);
  if (!place) {
    place = find(ip) ?? NOWHERE;
    answers.set(ip, place);
  }
  return place === NOWHERE ? null : place;
}
