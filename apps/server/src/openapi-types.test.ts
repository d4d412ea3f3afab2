import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource, openApiDocument } from './openapi-types.js';

describe('npm run api:types', () => {
  it('the committed API types are what the script writes from the current document', async () => {
    const source = await apiTypesSource(await openApiDocument());
    // When this fails, run `npm run api:types` and commit packages/shared/src/api-types.gen.ts.
    expect(source === readFileSync(API_TYPES_FILE, 'utf8'), 'api-types.gen.ts is stale: run npm run api:types').toBe(
      true,
    );
  });
});
