import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mailer';

/** A Touchline message as nodemailer takes it, from the configured sender. */
export function toNodemailer(from: string, message: MailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
    bcc: message.bcc,
    attachments: message.attachments,
  };
}
