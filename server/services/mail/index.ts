import path from 'node:path';
import type { Config } from '../../config';
import type { Mailer } from './mailer';
import { outboxMailer } from './outbox';
import { smtpMailer } from './smtp';

export type { Mailer, MailMessage } from './mailer';

/** SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom);
}
