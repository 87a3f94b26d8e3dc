import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../../services/mail/mailer';

// The waitlist promotion's e-mail to the parent (issue 26, issue 28 item 4) is a durable job: enqueued
// in the transaction that promotes (so it exists exactly when the promotion does), sent by whichever
// server process claims it, retried with backoff when the mail server fails, and taken over by another
// process when the one sending it dies.

export const WAITLIST_MAIL = 'class.waitlist_mail';

export function promotionMailJobs(app: FastifyInstance): void {
  app.jobs.register<MailMessage>(WAITLIST_MAIL, { run: (mail) => app.deps.mailer.send(mail) });
}
