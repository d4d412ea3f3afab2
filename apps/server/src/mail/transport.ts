import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Mailer } from '../context.js';

const DEFAULT_FROM = 'Back office <no-reply@localhost>';

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
export function createMailer(config: Pick<Config, 'smtpUrl' | 'outboxDir'>): Mailer {
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
