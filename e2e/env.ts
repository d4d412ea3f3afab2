import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 8765);

/** Where the end-to-end server runs and who signs in; the demo seed adds the role-2 editor. */
export const E2E = {
  port,
  // A host name, not an address: WebAuthn takes APP_URL's host as the passkeys' RP ID, and an IP address is none.
  baseUrl: `http://localhost:${port}`,
  // One data directory per port, so two runs on different E2E_PORTs do not share a database.
  dataDir: join(tmpdir(), `backoffice-e2e-data-${port}`),
  admin: { email: 'admin@example.com', password: 'e2e-admin-password' },
  editor: { email: 'editor@example.com', password: 'editor-demo' },
  screenshots: join(import.meta.dirname ?? '.', 'screenshots'),
} as const;
