/// <reference types="node" />
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));
const TS_CONFIG = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

/** The layers the shared code must never reach into: the kit and the API client serve screens, not the reverse. */
const LOWER = ['kit/', 'api/'];
const UPPER = ['screens/', 'app/'];

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

  it('never imports a screen or the app shell from the kit or the API client', () => {
    const upward = Object.entries(graph).flatMap(([file, imports]) =>
      LOWER.some((layer) => file.startsWith(layer)) && !/\.test\.tsx?$/.test(file)
        ? imports
            .filter((target) => UPPER.some((layer) => target.startsWith(layer)))
            .map((target) => `${file} → ${target}`)
        : [],
    );
    expect(upward).toEqual([]);
  });
});
