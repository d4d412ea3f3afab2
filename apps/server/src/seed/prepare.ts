import { writeSnapshot } from '../db/client.js';
import { writeDemoSnapshot } from './demo-cluster.js';

// `npm ci` (the root `prepare` script): the prepared embedded databases, empty (db/client.ts) and the demo's
// (demo-cluster.ts), each unless it exists. The production build makes only the empty one (db/snapshot.ts).
const started = performance.now();
await writeSnapshot();
await writeDemoSnapshot();
console.error(`The embedded databases are prepared (${Math.round(performance.now() - started)} ms).`);
