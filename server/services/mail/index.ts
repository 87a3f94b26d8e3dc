import type { Config } from '../../config';
import type { Mailer } from './mailer';

export type { Mailer, MailMessage } from './mailer';

/** Placeholder: the SMTP and outbox adapters replace this. */
export function createMailer(_config: Config): Mailer {
  return { send: async () => {} };
}
