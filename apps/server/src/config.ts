import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { checkS3Env, type S3Config, s3Config, s3EnvShape } from './storage-config.js';

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** An IPv4 or IPv6 address, or a network of them in CIDR form (`10.0.0.0/24`, `fd00::/8`). */
function isAddressOrNetwork(value: string): boolean {
  const [address = '', bits, extra] = value.split('/');
  const kind = isIP(address);
  if (kind === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (kind === 4 ? 32 : 128);
}

/** Every environment variable the server reads, typed, with its default (docs/DEPLOY.md). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  APP_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(5, 'must have at least 5 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  SEED_DEMO: boolish.default(false),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const flag = boolish.safeParse(value.trim().toLowerCase());
      if (flag.success) return flag.data;
      const proxies = value.split(',').map((part) => part.trim());
      const bad = proxies.find((proxy) => !isAddressOrNetwork(proxy));
      if (bad === undefined && proxies.length > 0) return proxies;
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is no address or network (1, 0, or e.g. 10.0.0.5,10.0.0.0/24)`,
      });
      return z.NEVER;
    })
    .default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ANALYTICS_RAW_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  // Read again where it is used (resources/revisions.ts), so that a test may change it; checked here once.
  REVISIONS_KEEP: z.coerce.number().int().min(0).max(100_000).optional(),
  ADMIN_DIST: z.string().min(1).optional(),
  /** Set by `npm start` while it builds the admin (scripts/start.mjs): its folder may be empty meanwhile. */
  ADMIN_BUILDING: z.string().optional(),
  /** The sender of mail before the settings name one, and a new site's sender setting: `Name <address>` or `address`. */
  MAIL_FROM: z
    .string()
    .transform((value, ctx) => {
      const match = /^\s*(?:(.*?)\s*<([^<>\s]+@[^<>\s]+)>|([^<>\s]+@[^<>\s]+))\s*$/.exec(value);
      if (match) return { name: (match[1] ?? '').replace(/^"|"$/g, ''), address: match[2] ?? match[3] ?? '' };
      ctx.addIssue({ code: 'custom', message: 'must be an address, or a name and <address>' });
      return z.NEVER;
    })
    .optional(),
  /** Turns GET /metrics on, answered to `Authorization: Bearer <METRICS_TOKEN>` only. */
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  /** Seconds a start waits for an unreachable PostgreSQL (restarting, not up yet) before it gives up. */
  DATABASE_WAIT: z.coerce.number().int().min(0).max(3600).default(60),
  /** Lets webhooks reach loopback and private addresses (tests, a receiver on the same network): off by default. */
  WEBHOOKS_ALLOW_PRIVATE: boolish.default(false),
  /** Makes the responsive renditions of each record image after its save (docs/features/media-storage.md): on by default. */
  IMAGE_RENDITIONS: boolish.default(true),
  ...s3EnvShape,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mediaDir: string;
  /** Object storage for every file (S3_BUCKET and the AWS variables); undefined keeps them under mediaDir. */
  s3: S3Config | undefined;
  outboxDir: string;
  /**
   * Signs CSRF tokens, file-manager and preview tokens: SESSION_SECRET, or '' until start-up has read the one
   * generated once into the database (`sharedSecret`), which every server process then shares.
   */
  sessionSecret: string;
  seedDemo: boolean;
  /**
   * Whose X-Forwarded-For is believed: nobody (false), every peer (true: only where nothing but the proxy can reach
   * the process), or the proxies' addresses and networks (docs/DEPLOY.md).
   */
  trustProxy: boolean | string[];
  logLevel: string;
  /** Days the raw page views and sessions are kept; the roll-ups the statistics read are kept for good. */
  analyticsRawDays: number;
  /** Secure cookies when the public address is HTTPS. */
  secureCookies: boolean;
  /** Milliseconds a start waits for an unreachable PostgreSQL (DATABASE_WAIT). */
  databaseWaitMs: number;
  /** Turns GET /metrics on for `Authorization: Bearer <it>` (METRICS_TOKEN); undefined: no /metrics. */
  metricsToken: string | undefined;
  /** WEBHOOKS_ALLOW_PRIVATE: webhooks may reach loopback, private and link-local addresses. */
  webhooksAllowPrivate: boolean;
  /** IMAGE_RENDITIONS: a save with a new record image queues its renditions (media/renditions.ts). */
  imageRenditions: boolean;
  /** MAIL_FROM: the sender of mail the settings name none for, and a new site's sender setting. */
  mailFrom: { name: string; address: string } | undefined;
}

export class ConfigError extends Error {}

/** Reads and checks the environment; an invalid value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema
    .superRefine(checkS3Env)
    .superRefine((e, ctx) => {
      if (e.ADMIN_DIST && !e.ADMIN_BUILDING && !existsSync(join(resolve(e.ADMIN_DIST), 'index.html')))
        ctx.addIssue({ code: 'custom', path: ['ADMIN_DIST'], message: 'holds no index.html (the built admin)' });
    })
    .safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appUrl,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mediaDir: resolve(e.MEDIA_DIR ?? `${dataDir}/media`),
    s3: s3Config(e),
    outboxDir: resolve(`${dataDir}/outbox`),
    sessionSecret: e.SESSION_SECRET ?? '',
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    analyticsRawDays: e.ANALYTICS_RAW_DAYS,
    secureCookies: appUrl.startsWith('https://'),
    databaseWaitMs: e.DATABASE_WAIT * 1000,
    metricsToken: e.METRICS_TOKEN,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    imageRenditions: e.IMAGE_RENDITIONS,
    mailFrom: e.MAIL_FROM,
  };
}
