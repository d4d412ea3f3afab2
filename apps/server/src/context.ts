import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './mail/transport.js';

/** What every module needs from the running server. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
}
