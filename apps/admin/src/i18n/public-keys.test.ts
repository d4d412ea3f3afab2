/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AppRoute, routeTable } from '../routes/table';
import { PUBLIC_NAMESPACES } from './index';
import { wholeCatalogues } from './whole';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const TS_CONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
const SHARED_MESSAGES = fileURLToPath(new URL('../../../../packages/shared/src/messages.ts', import.meta.url));

/** What the sign-in route runs before anything asks for the rest of the catalogue: the entry and the public chunks. */
const ROOTS = [
  'main.tsx',
  'app/layout/PublicLayout.tsx',
  'screens/auth/LoginScreen.tsx',
  'screens/auth/ForgottenPasswordScreen.tsx',
  'screens/auth/ResetPasswordScreen.tsx',
];
/**
 * Where the sign-in route's code ends: the screen map loads every other screen lazily with the rest of the catalogue
 * (app/screens.ts), and antd's shell comes with such a screen. Their imports are not followed.
 */
const LAZY_BOUNDARY = new Set(['app/screens.ts']);
const NOT_LOADED = new Set(['app/AntdShell.tsx']);
/** The route table names every route's label; a label is shown by its own route's screen (the test below). */
const ROUTE_LABELS = 'routes/table.tsx';

let files: string[];

beforeAll(async () => {
  const graph = (await madge(SRC, { fileExtensions: ['ts', 'tsx'], tsConfig: TS_CONFIG })).obj();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || NOT_LOADED.has(file) || !Object.hasOwn(graph, file)) return;
    seen.add(file);
    if (!LAZY_BOUNDARY.has(file)) for (const next of graph[file] ?? []) visit(next);
  };
  for (const root of ROOTS) visit(root);
  files = [...seen];
}, 60_000);

describe('the public part of the catalogue', () => {
  it('holds every key the sign-in route can show (its code and the shared rules it checks forms with)', () => {
    // The walk reaches the sign-in screens' own pieces and stops at the screen map.
    expect(files).toEqual(expect.arrayContaining(['screens/auth/controls.tsx', 'api/client.ts', 'app/screens.ts']));
    expect(files).not.toContain('app/layout/AppLayout.tsx');
    expect(files).not.toContain('screens/dashboard/DashboardScreen.tsx');

    const namespaces = Object.keys(wholeCatalogues.en);
    const isPublic = new Set<string>(PUBLIC_NAMESPACES);
    const keyLike = new RegExp(`['"\`](${namespaces.join('|')})\\.[A-Za-z0-9_.]+['"\`]`, 'g');
    const sources = [
      ...files.filter((file) => file !== ROUTE_LABELS).map((file) => [file, readFileSync(SRC + file, 'utf8')]),
      ['shared/messages.ts', readFileSync(SHARED_MESSAGES, 'utf8')],
    ];
    const found = sources.flatMap(([file, text]) => [...text.matchAll(keyLike)].map((m) => [file, m[0], m[1]]));
    // The walk sees keys at all (a broken pattern would pass every file).
    expect(found.some(([, key]) => key === "'auth.email'")).toBe(true);
    expect(found.filter(([, , namespace]) => !isPublic.has(namespace as string)).map(([f, k]) => `${f}: ${k}`)).toEqual(
      [],
    );
  });

  it("holds the labels of the sign-in layout's routes", () => {
    const labels = (routes: readonly AppRoute[], inPublic: boolean): string[] =>
      routes.flatMap((route) => {
        const isIn = inPublic || route.layout === 'public';
        return [...(isIn && route.labelKey ? [route.labelKey] : []), ...labels(route.children ?? [], isIn)];
      });
    const shown = labels(routeTable, false);
    expect(shown).toContain('auth.loginTitle');
    expect(
      shown.filter((key) => !(PUBLIC_NAMESPACES as readonly string[]).includes(key.split('.')[0] as string)),
    ).toEqual([]);
  });
});
