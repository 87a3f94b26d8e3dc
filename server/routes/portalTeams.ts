import type { FastifyInstance } from 'fastify';
import {
  facilitySiblingDiscount, leagueFreeAgents, leagueWaitlist, portalDivision, removeLeagueWaitlist, portalFreeAgent, portalJoin, portalJoinView, portalNewInvite, portalRegisterTeam, portalRevokeInvite, portalTeams,
  setSiblingDiscount,
} from '../../core/api/portalTeams';
import { serve } from '../http/endpoint';
import { setSiblingRule, siblingRuleOf } from '../domain/portal/siblingDiscount';
import { leagueWaitlist as waitlistOf, removeTeamEntry } from '../domain/portal/teamWaitlist';
import { captainTeams, divisionView, joinTeam, joinView, leagueFreeAgents as freeAgentsOf, registerFreeAgent, registerTeam, setInvite } from '../domain/portal/teams';

// Teams from the families' portal (issue 44 §4: a captain's team, its invite link, joins, free agents)
// and, on the staff side, a division's free agents and team waitlist (item 5), and the facility's
// sibling discount rule (§6).

export async function portalTeamRoutes(app: FastifyInstance) {
  const { db, config, square, mailer } = app.deps;
  const deps = { db, square, mailer, log: app.log, publicUrl: config.publicUrl };

  serve(app, portalTeams, ({ user }) => captainTeams(db, config.publicUrl, user));
  serve(app, portalDivision, ({ user, params: { id } }) => divisionView(db, user, id));
  serve(app, portalRegisterTeam, ({ user, body }) => registerTeam(deps, user, body));
  serve(app, portalNewInvite, ({ user, params: { id } }) => setInvite(db, config.publicUrl, user, id, true));
  serve(app, portalRevokeInvite, ({ user, params: { id } }) => setInvite(db, config.publicUrl, user, id, false));
  serve(app, portalJoinView, ({ params: { token } }) => joinView(db, token));
  serve(app, portalJoin, ({ user, params: { token }, body }) => joinTeam(deps, user, token, body));
  serve(app, portalFreeAgent, ({ user, body }) => registerFreeAgent(db, user, body));

  serve(app, leagueFreeAgents, ({ user, params: { id } }) => freeAgentsOf(db, user, id));
  serve(app, leagueWaitlist, ({ user, params: { id } }) => waitlistOf(db, user, id));
  serve(app, removeLeagueWaitlist, async ({ user, params: { id } }) => {
    const entry = await removeTeamEntry(db, user, id, config.publicUrl);
    app.jobs.wake();
    return entry;
  });
  serve(app, facilitySiblingDiscount, ({ user, params: { id } }) => siblingRuleOf(db, user, id));
  serve(app, setSiblingDiscount, ({ user, params: { id }, body }) => setSiblingRule(db, user, id, body));
}
