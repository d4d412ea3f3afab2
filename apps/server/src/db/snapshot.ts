import { writeSnapshot } from './client.js';

// The production build (scripts/build.mjs): the prepared embedded database (client.ts); `npm ci` writes it through
// seed/prepare.ts, with the demo's.
const started = performance.now();
const file = await writeSnapshot();
console.error(`The embedded database is prepared (${Math.round(performance.now() - started)} ms).`);
console.log(file);
