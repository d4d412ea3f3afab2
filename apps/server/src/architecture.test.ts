import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The layers of the server, top to bottom (docs/ARCHITECTURE.md): composition (app, server, main, cli, db/seed,
 * test helpers) → features (modules/*, site/) → the generic resource machinery (resources/) → infrastructure
 * (http/, mail/, media/, jobs/, i18n/) → db/ and config → packages/shared. Imports only go down, and never in a
 * circle; type-only imports count too.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER = 'apps/server/src/';
const SHARED = 'packages/shared/src/';

/** Folders below the features: none of them may import a feature. */
const BELOW_FEATURES = ['http/', 'mail/', 'media/', 'jobs/', 'i18n/', 'db/', 'resources/'];
const FEATURES = ['modules/', 'site/'];
/** What the database layer sits under. */
const ABOVE_DB = ['http/', 'resources/', 'mail/', 'media/', 'jobs/'];

let graph: Record<string, string[]>;
let circles: string[][];

const inServer = (file: string, folders: string[]) => folders.some((folder) => file.startsWith(`${SERVER}${folder}`));
const isSeed = (file: string) => file.startsWith(`${SERVER}db/seed/`);

/** Every import `from → to` where `from` lies in `sources` (seeds excepted) and `to` in `targets`. */
function crossings(sources: string[], targets: string[]): string[] {
  return Object.entries(graph).flatMap(([from, tos]) =>
    inServer(from, sources) && !isSeed(from)
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
    expect(graph[`${SERVER}resources/crud-routes.ts`]).toContain(`${SERVER}http/session.ts`);
    expect(graph[`${SERVER}zod-helpers.ts`.replace(SERVER, SHARED)]).toContain(`${SHARED}constants.ts`);
  });

  it('has no import circle in the server or the shared package', () => {
    expect(circles).toEqual([]);
  });

  it('infrastructure and the resource machinery import no feature (modules/, site/)', () => {
    expect(crossings(BELOW_FEATURES, FEATURES)).toEqual([]);
  });

  it('the database layer imports nothing above it (seeds excepted)', () => {
    expect(crossings(['db/'], ABOVE_DB)).toEqual([]);
  });

  it('the shared package imports nothing of the server', () => {
    const upward = Object.entries(graph).flatMap(([from, tos]) =>
      from.startsWith(SHARED) ? tos.filter((to) => !to.startsWith(SHARED)).map((to) => `${from} → ${to}`) : [],
    );
    expect(upward).toEqual([]);
  });
});
