/// <reference types="node" />
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));
const TS_CONFIG = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

/**
 * What each layer must never import: the app shell imports screens, screens the kit and the API client, and all of
 * them the route names (routes/); never the other way up.
 */
const NEVER: Record<string, readonly string[]> = {
  'screens/': ['app/'],
  'kit/': ['screens/', 'app/'],
  'api/': ['kit/', 'screens/', 'app/'],
  'routes/': ['api/', 'kit/', 'screens/', 'app/'],
};

let graph: Record<string, string[]>;
let circles: string[][];

beforeAll(async () => {
  const result = await madge(SRC, {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: TS_CONFIG,
    // Type-only imports count: a circle through types still ties the files together.
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  graph = result.obj();
  circles = result.circular();
}, 60_000);

describe('the admin import graph', () => {
  it('is the whole admin, type-only imports included', () => {
    expect(Object.keys(graph).length).toBeGreaterThan(150);
    expect(graph['app/router.tsx']).toContain('app/screens.ts');
    expect(graph['kit/list/ResourceList.tsx']).toContain('routes/paths.ts');
    // `import type` only: seen because type imports are not skipped.
    expect(graph['kit/resource.ts']).toContain('kit/detail/detailDef.ts');
  });

  it('has no import circle', () => {
    expect(circles).toEqual([]);
  });

  it('never imports upward: no screen or app shell from the kit or the API client, no app shell from a screen', () => {
    const upward = Object.entries(graph).flatMap(([file, imports]) => {
      const layer = Object.keys(NEVER).find((prefix) => file.startsWith(prefix));
      // Tests may render a component inside the app's providers.
      if (!layer || /\.test\.tsx?$/.test(file)) return [];
      return imports
        .filter((target) => NEVER[layer].some((above) => target.startsWith(above)))
        .map((target) => `${file} → ${target}`);
    });
    expect(upward).toEqual([]);
  });
});
