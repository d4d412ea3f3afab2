import { writeSnapshot } from './client.js';

// `npm ci` (the root `prepare` script) and the production build: the prepared embedded database (client.ts).
const started = performance.now();
const file = await writeSnapshot();
console.error(`The embedded database is prepared (${Math.round(performance.now() - started)} ms).`);
console.log(file);
