import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Mailer } from '../context.js';

/** The sender when neither the settings nor MAIL_FROM name one. */
const BACKOFFICE_FROM = 'Back office <no-reply@localhost>';

type Nodemailer = typeof import('nodemailer');

/** A transport made on the first message: nodemailer loads then, not at every start. */
function lazyTransport(create: (nodemailer: Nodemailer) => Transporter): () => Transporter {
  let transport: Transporter | undefined;
  return () => {
    transport ??= create(createRequire(import.meta.url)('nodemailer') as Nodemailer);
    return transport;
  };
}

/** SMTP when SMTP_URL is set; otherwise every message becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'outboxDir'> & Partial<Pick<Config, 'mailFrom'>>,
): Mailer {
  const DEFAULT_FROM = config.mailFrom ?? BACKOFFICE_FROM;
  if (config.smtpUrl) {
    const url = config.smtpUrl;
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(url));
    return {
      async send(mail) {
        await transport().sendMail({ ...mail, from: mail.from ?? DEFAULT_FROM });
      },
    };
  }
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await transport().sendMail({ ...mail, from: mail.from ?? DEFAULT_FROM });
      await mkdir(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`;
      await writeFile(join(config.outboxDir, name), info.message as Buffer);
    },
  };
}

/**
 * Whether mail can go out now (`npm run cli -- config:check`): SMTP_URL's server answers and accepts the login
 * (nodemailer's `verify`, at most 10 s), or the outbox folder is writable. Answers what it checked; throws when it
 * fails.
 */
export async function checkMail(config: Pick<Config, 'smtpUrl' | 'outboxDir'>): Promise<string> {
  if (!config.smtpUrl) {
    await mkdir(config.outboxDir, { recursive: true });
    await access(config.outboxDir, constants.W_OK);
    return `no SMTP_URL: mail is written to ${config.outboxDir}`;
  }
  const { hostname, port } = new URL(config.smtpUrl);
  const nodemailer = createRequire(import.meta.url)('nodemailer') as Nodemailer;
  const transport = nodemailer.createTransport(config.smtpUrl);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within 10 s')), 10_000);
  });
  try {
    await Promise.race([transport.verify(), timeout]);
    return `SMTP at ${hostname}:${port || 25} answers`;
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
