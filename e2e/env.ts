import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';

const firstPort = Number(process.env.E2E_PORT ?? 8765);

/** One end-to-end server: its port, its address and its own data directory (database, outbox, media). */
export interface E2EServer {
  port: number;
  baseUrl: string;
  dataDir: string;
}

const serverOn = (port: number): E2EServer => ({
  port,
  // A host name, not an address: WebAuthn takes APP_URL's host as the passkeys' RP ID, and an IP address is none.
  baseUrl: `http://localhost:${port}`,
  // One data directory per port, so two runs on different E2E_PORTs do not share a database.
  dataDir: join(tmpdir(), `backoffice-e2e-data-${port}`),
});

/**
 * The two servers the specs run against side by side, each on a fresh demo database (playwright.config.ts: one
 * project per server, one worker each), on E2E_PORT and the port after it.
 */
export const SERVERS = [serverOn(firstPort), serverOn(firstPort + 1)] as const;

/** Who signs in; the demo seed adds the role-2 editor. */
export const E2E = {
  admin: { email: 'admin@example.com', password: 'e2e-admin-password' },
  editor: { email: 'editor@example.com', password: 'editor-demo' },
  screenshots: join(import.meta.dirname ?? '.', 'screenshots'),
} as const;

/** The server of the running test: its project's. */
export function e2eServer(): E2EServer {
  const baseUrl = test.info().project.use.baseURL;
  return SERVERS.find((server) => server.baseUrl === baseUrl) ?? SERVERS[0];
}
