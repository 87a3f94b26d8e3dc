import type { FastifyInstance } from 'fastify';
import { portalCheckout, portalHold, portalHoldCreate, portalHoldExtend, portalOfferings, portalWaitlistJoin } from '../../../core/api/portalOfferings';
import { serve } from '../../http/endpoint';
import { HOLD_EXPIRY_JOB } from '../../domain/classes/seats';
import { checkoutAnyHold, expireAnyHold, placeHold } from '../../domain/portal/anyHold';
import { extendHold, getHold } from '../../domain/portal/holds';
import { listOfferings } from '../../domain/portal/offerings';
import { expireTeamOffer, TEAM_OFFER_JOB } from '../../domain/portal/teamWaitlist';
import { joinOnlineWaitlist } from '../../domain/portal/waitlist';

// Online registration (issue 44): offerings, holds, checkout and the waitlist, under /api/portal; and the
// durable jobs that release an expired hold and end a division's unanswered offer (each rolling a waitlist
// offer to the next in line), run by whichever process claims them.

export async function portalHoldRoutes(app: FastifyInstance) {
  const { db, config, square, mailer } = app.deps;

  serve(app, portalOfferings, ({ user, query: { facility_id } }) => listOfferings(db, user, facility_id));
  serve(app, portalHoldCreate, ({ user, body }) => placeHold(db, user, body));
  serve(app, portalHold, ({ user, params: { id } }) => getHold(db, user, id));
  serve(app, portalHoldExtend, ({ user, params: { id } }) => extendHold(db, user, id));
  serve(app, portalCheckout, ({ user, params: { id }, body }, request) => checkoutAnyHold({ db, square, mailer, log: request.log }, user, id, body));
  serve(app, portalWaitlistJoin, ({ user, body }) => joinOnlineWaitlist(db, user, body));

  app.jobs.register<{ hold: number }>(HOLD_EXPIRY_JOB, {
    async run({ hold }) {
      // A release may have offered the seat (mail and offer-expiry jobs): start on them now.
      if (await expireAnyHold(db, hold, config.publicUrl)) app.jobs.wake();
    },
  });
  // A division's unanswered team place offer (issue 44 item 5): the place goes to the next in line.
  app.jobs.register<{ entry: number }>(TEAM_OFFER_JOB, {
    async run({ entry }) {
      if (await expireTeamOffer(db, entry, config.publicUrl)) app.jobs.wake();
    },
  });
}
