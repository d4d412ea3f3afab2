import type { Config } from './config.js';
import type { Db } from './db/client.js';

/** What every module needs from the running server. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
}

/** A message the server sends (mail/transport.ts delivers it by SMTP or into the outbox). */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The sender (e-mail settings); the default one when absent. */
  from?: string | { name: string; address: string };
  replyTo?: string;
}

/** Sends a message; tests collect them instead. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}
