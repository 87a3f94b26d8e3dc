import { and, asc, eq, gt, gte, inArray, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deleteTrial, moveTrial, trialTargets, type TrialTarget } from '../../../core/api/classes';
import { TRIAL_TAKEN } from '../../../core/api/customers';
import { nowSeconds } from '../../../core/time';
import { CLASS_MESSAGES, trialDeletable } from '../../../core/validation/classes';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { transaction } from '../../db/transaction';
import { classes, events, trialAssistants } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { findClass, type ClassRow } from '../../domain/classes/access';
import { trialAnswer } from './people';

// Free trials on the class page (spec 3 §2.16, §5, issue 26 item 6): DELETE /assistant/{id} only while
// the trial's event started no earlier than 3 weeks ago (older ones are the trials report's history);
// GET /assistant/{id}/targets answers where it may move — its own class always (M3 of issue 41: a season
// that does not take trials may hold divisions that do, and a trial booked in a class moves within it),
// and the classes of its facility not ended whose division or season accepts free trials, each with
// its upcoming events; PUT /assistant/{id} moves it to one of those events. Converting one to an attendee is a registration (POST /class/registration): the trial stays,
// as the trials report counts it.

async function findTrial(tx: Tx, user: SessionUser, id: number) {
  const [trial] = await tx.select().from(trialAssistants).where(eq(trialAssistants.ID, id)).for('update');
  if (!trial) throw notFound('Free trial');
  const cls = await findClass(tx, user, trial.class_id);
  return { trial, cls };
}

export async function classTrialRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, deleteTrial, async ({ user, params: { id } }) => transaction(db, async (tx) => {
    const { trial } = await findTrial(tx, user, id);
    const [event] = await tx.select({ start_date: events.start_date }).from(events).where(eq(events.ID, trial.event_id));
    if (!trialDeletable(event.start_date, nowSeconds())) throw conflict(CLASS_MESSAGES.trialTooOld);
    const answer = await trialAnswer(tx, trial);
    await tx.delete(trialAssistants).where(eq(trialAssistants.ID, id));
    await recordChange(tx, { object: 'trial', object_id: id, action: 'delete', user_id: user.ID, new_value: trial });
    return answer;
  }));

  serve(app, trialTargets, async ({ user, params: { id } }) => {
    const [trial] = await db.select().from(trialAssistants).where(eq(trialAssistants.ID, id));
    if (!trial) throw notFound('Free trial');
    const own = await findClass(db, user, trial.class_id);
    const now = nowSeconds();
    // The facility's classes not ended (seasons, their divisions, stand-alone classes), and the trial's own.
    const open = await db.select().from(classes)
      .where(and(eq(classes.facility_id, own.facility_id), or(gte(classes.end_date, now), eq(classes.ID, own.ID), own.class_parent_id === null ? undefined : eq(classes.ID, own.class_parent_id))))
      .orderBy(asc(classes.start_date), asc(classes.ID));
    const byId = new Map(open.map((c) => [c.ID, c]));
    const takes = (c: ClassRow) => c.ID === own.ID || c.accepts_free_trial || Boolean(c.class_parent_id && byId.get(c.class_parent_id)?.accepts_free_trial);
    const divisions = open.filter((c) => !c.is_container && (c.ID === own.ID || c.end_date >= now) && takes(c));
    const upcoming = divisions.length
      ? await db.select({ ID: events.ID, class_id: events.class_id, start_date: events.start_date, end_date: events.end_date }).from(events)
        .where(and(inArray(events.class_id, divisions.map((d) => d.ID)), gt(events.start_date, now))).orderBy(asc(events.start_date), asc(events.ID))
      : [];
    const targets = new Map<number, TrialTarget>();
    for (const division of divisions) {
      const top = (division.class_parent_id && byId.get(division.class_parent_id)) || division;
      const target = targets.get(top.ID) ?? targets.set(top.ID, { ID: top.ID, name: top.name, is_container: top.is_container, divisions: [] }).get(top.ID)!;
      target.divisions.push({ ID: division.ID, name: division.name, events: upcoming.filter((e) => e.class_id === division.ID).map(({ class_id: _c, ...e }) => e) });
    }
    const ownTop = own.class_parent_id ?? own.ID;
    return [...targets.values()].sort((a, b) => Number(b.ID === ownTop) - Number(a.ID === ownTop));
  });

  serve(app, moveTrial, async ({ user, params: { id }, body }) => transaction(db, async (tx) => {
    const { trial, cls: from } = await findTrial(tx, user, id);
    const to = await findClass(tx, user, body.class_id);
    if (to.facility_id !== from.facility_id) throw badRequest(CLASS_MESSAGES.otherFacility);
    // The trial's own class always takes it; another when it or its season accepts free trials.
    const [season] = to.class_parent_id ? await tx.select({ accepts: classes.accepts_free_trial }).from(classes).where(eq(classes.ID, to.class_parent_id)) : [];
    if (to.ID !== trial.class_id && !to.accepts_free_trial && !season?.accepts) throw badRequest(CLASS_MESSAGES.noTrials);
    const [event] = await tx.select().from(events).where(and(eq(events.ID, body.event_id), eq(events.class_id, to.ID)));
    if (!event || event.start_date <= nowSeconds()) throw badRequest(CLASS_MESSAGES.trialNotFuture);
    const [taken] = await tx.select({ ID: trialAssistants.ID }).from(trialAssistants)
      .where(and(eq(trialAssistants.event_id, event.ID), eq(trialAssistants.customer_id, trial.customer_id), ne(trialAssistants.ID, id)));
    if (taken) throw conflict(TRIAL_TAKEN);
    const [row] = await tx.update(trialAssistants).set({
      class_id: to.ID, event_id: event.ID, ...(body.uniform_size !== undefined && { uniform_size: body.uniform_size }), UpdatedAt: Math.floor(Date.now() / 1000),
    }).where(eq(trialAssistants.ID, id)).returning();
    await recordChange(tx, { object: 'trial', object_id: id, action: 'update', user_id: user.ID, new_value: row });
    return trialAnswer(tx, row);
  }));
}
