import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from './clock';
import type { Mailer } from './mail/mailer';

/** What every service receives: real parts in production, the same real parts with a controlled clock in tests. */
export interface ServiceContext {
  db: Database;
  clock: Clock;
  config: Config;
  mailer: Mailer;
}
