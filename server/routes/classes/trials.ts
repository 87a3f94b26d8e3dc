import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deleteTrial, moveTrial } from '../../../core/api/classes';
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
import { findClass } from './access';
import { trialAnswer } from './people';

// Free trials on the class page (spec 3 §2.16, §5, issue 26 item 6): DELETE /assistant/{id} only while
// the trial's event started no earlier than 3 weeks ago (older ones are the trials report's history);
// PUT /assistant/{id} moves it to an upcoming event of a class (of the facility) that accepts free
// trials. Converting one to an attendee is a registration (POST /class/registration): the trial stays,
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

  serve(app, moveTrial, async ({ user, params: { id }, body }) => transaction(db, async (tx) => {
    const { trial, cls: from } = await findTrial(tx, user, id);
    const to = await findClass(tx, user, body.class_id);
    if (to.facility_id !== from.facility_id) throw badRequest(CLASS_MESSAGES.otherFacility);
    // A division takes free trials when it or its season accepts them (the dialog offers such seasons).
    const [season] = to.class_parent_id ? await tx.select({ accepts: classes.accepts_free_trial }).from(classes).where(eq(classes.ID, to.class_parent_id)) : [];
    if (!to.accepts_free_trial && !season?.accepts) throw badRequest(CLASS_MESSAGES.noTrials);
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
