import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  BROADCAST_MESSAGES, broadcastRecipients, invalidAddresses, isEmailAddress, listBroadcasts, sendBroadcast, splitAddresses,
} from '../../../core/api/broadcasts';
import { broadcasts, facilities } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { serve } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { enqueue } from '../../services/jobs';
import { assertReachable, recipientsOf, sourceFacility, unsubscribedAmong } from '../../domain/broadcasts/recipients';
import { htmlToText, sanitizeBroadcastHtml } from './sanitize';
import { unsubscribeToken } from './unsubscribe';

export { unsubscribeRoutes } from './unsubscribe';

// Broadcast e-mail (spec 3 §2.12, §7 "Broadcast"; issue 29 items 1–3). POST /broadcast checks every
// address (a 400 names the bad ones), sanitises the HTML, leaves out who unsubscribed, and in one
// transaction records the broadcast and enqueues one durable job per recipient (one multi-row insert),
// then answers: the mails go out from the jobs worker (server/services/jobs), each to its one recipient
// (nobody sees another's address) with a signed List-Unsubscribe link, and each job counts itself sent
// or failed on the broadcast. A restart mid-send leaves the remaining jobs to the next worker.

export const BROADCAST_MAIL_JOB = 'broadcast.mail';
interface MailJob { broadcast_id: number; to: string }

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function broadcastRoutes(app: FastifyInstance) {
  const { db, mailer, config } = app.deps;
  const unsubscribeUrl = (email: string) => `${config.publicUrl}/unsubscribe/${unsubscribeToken(config.linkSecret, email)}`;

  // The broadcasts being sent, read once per worker rather than once per mail.
  const recent = new Map<number, typeof broadcasts.$inferSelect>();
  async function broadcastRow(id: number) {
    let row = recent.get(id);
    if (!row) {
      [row] = await db.select().from(broadcasts).where(eq(broadcasts.ID, id));
      if (!row) throw new Error(`Broadcast ${id} is gone`);
      if (recent.size >= 20) recent.delete(recent.keys().next().value!);
      recent.set(id, row);
    }
    return row;
  }

  app.jobs.register<MailJob>(BROADCAST_MAIL_JOB, {
    async run({ broadcast_id, to }) {
      const b = await broadcastRow(broadcast_id);
      const link = unsubscribeUrl(to);
      await mailer.send({
        to,
        subject: b.subject,
        html: `${b.html}\n<hr>\n<p style="font-size:12px;color:#555">You receive this message from ${escapeHtml(b.sender || 'Touchline')}. <a href="${escapeHtml(link)}">Unsubscribe</a> from these e-mails.</p>`,
        text: `${htmlToText(b.html)}\n\n--\nUnsubscribe from these e-mails: ${link}`,
        replyTo: b.reply_to || undefined,
        fromName: b.sender || undefined,
        listUnsubscribe: link,
      });
    },
    done: async (tx, { broadcast_id }) => {
      await tx.update(broadcasts).set({ sent_count: sql`${broadcasts.sent_count} + 1` }).where(eq(broadcasts.ID, broadcast_id));
    },
    failed: async (tx, { broadcast_id }) => {
      await tx.update(broadcasts).set({ failed_count: sql`${broadcasts.failed_count} + 1` }).where(eq(broadcasts.ID, broadcast_id));
    },
  });

  serve(app, broadcastRecipients, async ({ user, query }) => recipientsOf(db, user, query, query.send_to, query.filter));

  serve(app, listBroadcasts, async ({ user, query }) => {
    await sourceFacility(db, user, query);
    return db.select({
      ID: broadcasts.ID, subject: broadcasts.subject, sender: broadcasts.sender, CreatedAt: broadcasts.CreatedAt,
      recipient_count: broadcasts.recipient_count, sent_count: broadcasts.sent_count, failed_count: broadcasts.failed_count,
    }).from(broadcasts).where(
      query.league_id !== undefined ? eq(broadcasts.league_id, query.league_id)
        : query.team_id !== undefined ? eq(broadcasts.team_id, query.team_id) : eq(broadcasts.class_id, query.class_id!),
    ).orderBy(desc(broadcasts.CreatedAt), desc(broadcasts.ID)).limit(50);
  });

  serve(app, sendBroadcast, async ({ user, body }) => {
    const sources = { league_id: body.league_id, team_id: body.team_id, class_id: body.class_id };
    const from = Object.values(sources).filter((v) => v !== undefined).length;
    if (from > 1) throw badRequest(BROADCAST_MESSAGES.oneSource);
    // The facility: a league's, team's or class's own (404 for a non-admin when another's); else a
    // non-admin's own whatever was sent, an admin's choice.
    const facility_id = from === 1 ? await sourceFacility(db, user, sources)
      : user.role === 'admin' ? body.facility_id : user.facility_id;
    if (from === 0 && user.role === 'admin') {
      const [facility] = await db.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, facility_id));
      if (!facility) throw notFound('Facility');
    }
    const bad = body.recipients.filter((r) => !isEmailAddress(r));
    if (bad.length > 0) throw badRequest(invalidAddresses(bad));
    const replyTo = splitAddresses(body.reply_to);
    const badReplyTo = replyTo.filter((r) => !isEmailAddress(r));
    if (badReplyTo.length > 0) throw badRequest(invalidAddresses(badReplyTo, 'Reply to: invalid e-mail addresses'));
    const unique = [...new Set(body.recipients)];
    await assertReachable(db, user, sources, facility_id, unique);
    const gone = await unsubscribedAmong(db, unique);
    const recipients = unique.filter((r) => !gone.has(r));
    if (recipients.length === 0) throw badRequest(BROADCAST_MESSAGES.noRecipients);
    const html = sanitizeBroadcastHtml(body.html);
    const ID = await transaction(db, async (tx) => {
      const [row] = await tx.insert(broadcasts).values({
        subject: body.subject, html, recipients, facility_id, reply_to: replyTo.join(', '), sender: body.sender,
        send_to_captains: body.send_to_captains, send_to_all_team: body.send_to_all_team,
        ...sources, user_id: user.ID, recipient_count: recipients.length,
      }).returning({ ID: broadcasts.ID });
      await enqueue(tx, BROADCAST_MAIL_JOB, recipients.map((to): MailJob => ({ broadcast_id: row.ID, to })));
      return row.ID;
    });
    app.jobs.wake();
    return { ID, recipient_count: recipients.length, unsubscribed: gone.size };
  });
}
