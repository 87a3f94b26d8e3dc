import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mailer';

/** The address of a configured sender, 'Touchline <no-reply@touchline.test>' or a bare address. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** A Touchline message as nodemailer takes it, from the configured sender (under the message's name if it has one). */
export function toNodemailer(from: string, message: MailMessage): SendMailOptions {
  return {
    from: message.fromName ? { name: message.fromName, address: addressOf(from) } : from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
    bcc: message.bcc,
    attachments: message.attachments,
    // RFC 2369's link, and RFC 8058's one-click: a mail client may POST List-Unsubscribe=One-Click to it.
    ...(message.listUnsubscribe ? { list: { unsubscribe: message.listUnsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
  };
}
