import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The layers of the server, top to bottom (docs/ARCHITECTURE.md): composition (app, server, main, cli, seed/, test
 * helpers) → features (modules/*, site/) → the generic resource machinery (resources/) → infrastructure (http/, mail/,
 * media/, jobs/, i18n/, rich-text/) → db/, config and context → packages/shared. Imports only go down, and never in a
 * circle; type-only imports count too. A test file may import the test helpers, wherever it lies.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER = 'apps/server/src/';
const SHARED = 'packages/shared/src/';

const COMPOSITION = [
  'app.ts',
  'backup.ts',
  'health.ts',
  'metrics.ts',
  'server.ts',
  'main.ts',
  'cli.ts',
  'openapi-types.ts',
  'seed/',
  'test/',
];
const FEATURES = ['modules/', 'site/'];
const INFRASTRUCTURE = ['http/', 'mail/', 'media/', 'jobs/', 'i18n/', 'rich-text/'];
const BASE = ['db/', 'config.ts', 'context.ts', 'storage-config.ts'];

let graph: Record<string, string[]>;
let circles: string[][];

const inServer = (file: string, places: string[]) => places.some((place) => file.startsWith(`${SERVER}${place}`));
const isTest = (file: string) => file.endsWith('.test.ts');

/** Every import `from → to` where `from` lies in `sources` (test files excepted) and `to` in `targets`. */
function crossings(sources: string[], targets: string[]): string[] {
  return Object.entries(graph).flatMap(([from, tos]) =>
    inServer(from, sources) && !isTest(from)
      ? tos.filter((to) => inServer(to, targets)).map((to) => `${from} → ${to}`)
      : [],
  );
}

beforeAll(async () => {
  const result = await madge([SERVER, SHARED], {
    baseDir: ROOT,
    fileExtensions: ['ts'],
    tsConfig: `${ROOT}apps/server/tsconfig.json`,
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
  graph = result.obj();
  circles = result.circular();
}, 120_000);

describe('the server imports only downward', () => {
  it('the import graph is the real one: the whole tree with its .js specifiers resolved', () => {
    expect(Object.keys(graph).length).toBeGreaterThan(150);
    expect(graph[`${SERVER}modules/pages/routes.ts`]).toContain(`${SERVER}resources/crud-routes.ts`);
    expect(graph[`${SERVER}resources/crud-routes.ts`]).toContain(`${SERVER}http/policy.ts`);
    expect(graph[`${SERVER}zod-helpers.ts`.replace(SERVER, SHARED)]).toContain(`${SHARED}constants.ts`);
  });

  it('has no import circle in the server or the shared package', () => {
    expect(circles).toEqual([]);
  });

  it('every file of the server lies in one layer', () => {
    const layers = [...COMPOSITION, ...FEATURES, 'resources/', ...INFRASTRUCTURE, ...BASE];
    const unplaced = Object.keys(graph).filter(
      (file) => file.startsWith(SERVER) && !isTest(file) && !inServer(file, layers) && !file.endsWith('.d.ts'),
    );
    expect(unplaced).toEqual([]);
  });

  it('nothing below the composition imports it (the seeds, the test helpers, the app)', () => {
    expect(crossings([...FEATURES, 'resources/', ...INFRASTRUCTURE, ...BASE], COMPOSITION)).toEqual([]);
  });

  it('the features import nothing of the public site: site/ sits beside them and reads their services', () => {
    expect(crossings(['modules/'], ['site/'])).toEqual([]);
  });

  it('the resource machinery and the infrastructure import no feature (modules/, site/)', () => {
    expect(crossings(['resources/', ...INFRASTRUCTURE], FEATURES)).toEqual([]);
  });

  it('the infrastructure imports nothing of the resource machinery (http/ is transport only)', () => {
    expect(crossings(INFRASTRUCTURE, ['resources/'])).toEqual([]);
  });

  it('db/, config and context import nothing above them', () => {
    expect(crossings(BASE, [...COMPOSITION, ...FEATURES, 'resources/', ...INFRASTRUCTURE])).toEqual([]);
  });

  it('the shared package imports nothing of the server', () => {
    const upward = Object.entries(graph).flatMap(([from, tos]) =>
      from.startsWith(SHARED) ? tos.filter((to) => !to.startsWith(SHARED)).map((to) => `${from} → ${to}`) : [],
    );
    expect(upward).toEqual([]);
  });
});
