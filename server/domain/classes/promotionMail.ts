import type { FastifyInstance } from 'fastify';
import { formatUsd, toCents } from '../../../core/money';
import type { MailMessage } from '../../services/mail/mailer';

// The waitlist promotion's e-mail to the parent (issue 26, issue 28 item 4) is a durable job: enqueued
// in the transaction that promotes (so it exists exactly when the promotion does), sent by whichever
// server process claims it, retried with backoff when the mail server fails, and taken over by another
// process when the one sending it dies.

export const WAITLIST_MAIL = 'class.waitlist_mail';

export function promotionMailJobs(app: FastifyInstance): void {
  app.jobs.register<MailMessage>(WAITLIST_MAIL, { run: (mail) => app.deps.mailer.send(mail) });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The parent's e-mail (issue 41 m22): the child's place, the amount due with tax and fees, and the link
 * to view and pay the invoice (its public page, no sign-in).
 */
export function promotionMail(to: string, child: string, className: string, invoice: { ID: number; due: number; link: string }): MailMessage {
  const due = formatUsd(toCents(invoice.due));
  const lines = [
    `Good news: a place opened in ${className} and ${child} moved from the waitlist to the class.`,
    `Invoice ${invoice.ID} was issued: ${due} is due, tax and fees included.`,
  ];
  return {
    to,
    subject: `${child} has a place in ${className}`,
    text: `${lines.join('\n')}\nView and pay the invoice: ${invoice.link}\n`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(invoice.link)}">View and pay invoice ${invoice.ID}</a></p>`,
  };
}
