import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';
import { toNodemailer } from './message';

/** Sends through the SMTP server of an smtp:// or smtps:// URL (credentials and options in the URL). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail(toNodemailer(from, message));
    },
  };
}
