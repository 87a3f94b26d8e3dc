import type { FastifyInstance } from 'fastify';
import {
  portalAddChild, portalCalendar, portalCardConfig, portalCalendarFeed, portalConsent, portalContact, portalInvoice, portalInvoices, portalLogin, portalLogout, portalMe, portalPasswordLogin,
  portalPay, portalRotateCalendar, portalSchedule, portalSession, portalSetPassword,
} from '../../../core/api/portal';
import { revokePortalSession } from '../../auth/portalSession';
import { serve } from '../../http/endpoint';
import { portalHoldRoutes } from './holds';
import { addChild, editContact, portalFamily } from '../../domain/portal/family';
import { familyInvoiceView, listFamilyInvoices, payFamilyInvoice } from '../../domain/portal/invoices';
import { calendarFeed, calendarLink, familySchedule } from '../../domain/portal/schedule';
import { setChildDataConsent } from '../../domain/portal/consent';
import { openPortalSession, passwordSignIn, requestPortalLink, setPortalPassword } from '../../domain/portal/signin';
import { portalSignWaiver, portalWaivers } from '../../../core/api/waivers';
import { settlePortalCharge } from '../../domain/portal/chargeJob';
import { CHARGE_RECOVERY_JOB, type PendingCharge } from '../../domain/portal/pendingCharge';
import { portalWaivers as familyWaivers, signWaiver } from '../../domain/waivers';

// The families' portal (/my, issue 43) under /api/portal: signing in from a mailed link, the family,
// its schedule and calendar feed, its invoices and its waivers; the optional password and the consent
// that the children's data may leave. Portal calls are declared with permission 'portal' (serve() resolves the portal
// session, never a staff one); the domain scopes every read and write by the holder's family.

export async function portalRoutes(app: FastifyInstance) {
  const { db, config, mailer, square } = app.deps;

  serve(app, portalLogin, ({ body: { email } }, request) => requestPortalLink(db, mailer, config.publicUrl, email, request.ip));
  serve(app, portalSession, ({ body: { token } }, request) => openPortalSession(db, config, token, request.ip));
  serve(app, portalPasswordLogin, ({ body: { email, password } }, request) => passwordSignIn(db, config, email, password, request.ip));
  serve(app, portalSetPassword, async ({ user, body: { password } }, _request, reply) => {
    await setPortalPassword(db, user, password, config.scryptLogN);
    return reply.status(204).send();
  });
  serve(app, portalLogout, async ({ user }, _request, reply) => {
    await revokePortalSession(db, user.session_id);
    return reply.status(204).send();
  });

  serve(app, portalMe, ({ user }) => portalFamily(db, user));
  serve(app, portalContact, ({ user, body }) => editContact(db, user, body));
  serve(app, portalAddChild, ({ user, body }) => addChild(db, user, body));
  serve(app, portalConsent, ({ user, body: { given } }, request) => setChildDataConsent(db, user, given, { ip: request.ip, user_agent: request.headers['user-agent'] ?? '' }));

  const feedKeys = { publicUrl: config.publicUrl, linkSecret: config.linkSecret };
  serve(app, portalSchedule, ({ user, query: { from, to } }) => familySchedule(db, user, from, to));
  serve(app, portalCalendar, ({ user }) => calendarLink(db, user, feedKeys, false));
  serve(app, portalRotateCalendar, ({ user }) => calendarLink(db, user, feedKeys, true));
  serve(app, portalCalendarFeed, async ({ params: { secret } }, _request, reply) => {
    const text = await calendarFeed(db, feedKeys, secret);
    return reply.type('text/calendar; charset=utf-8').header('Cache-Control', 'private, max-age=300')
      .header('Content-Disposition', 'inline; filename="family.ics"').send(text);
  });

  serve(app, portalInvoices, ({ user }) => listFamilyInvoices(db, user));
  serve(app, portalInvoice, ({ user, params: { id } }) => familyInvoiceView(db, user, id));
  serve(app, portalWaivers, ({ user }) => familyWaivers(db, user));
  serve(app, portalSignWaiver, ({ user, body }, request) => signWaiver({ db, mailer, log: request.log }, user, body, { ip: request.ip, user_agent: request.headers['user-agent'] ?? '' }));

  serve(app, portalCardConfig, async () => ({ mode: square.mode, application_id: config.square.applicationId ?? null, location_id: config.square.locationId ?? null }));
  serve(app, portalPay, ({ user, params: { id }, body }, request) => payFamilyInvoice({ db, square, mailer, log: request.log }, user, id, body));

  await portalHoldRoutes(app);

  // A card charge whose request died between Square and its record, settled after its lease (issue 44 item 8);
  // while Square cannot be reached it is asked again for about an hour and a half (30 s doubling, at most 10 min).
  app.jobs.register<PendingCharge>(CHARGE_RECOVERY_JOB, {
    backoffMs: 30_000, maxAttempts: 12,
    run: (charge) => settlePortalCharge({ db, square, mailer, log: app.log, publicUrl: config.publicUrl }, charge),
  });
}
