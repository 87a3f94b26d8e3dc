import type { FastifyInstance } from 'fastify';
import {
  facilitySiblingDiscount, leagueFreeAgents, portalDivision, portalFreeAgent, portalJoin, portalJoinView, portalNewInvite, portalRegisterTeam, portalRevokeInvite, portalTeams,
  setSiblingDiscount,
} from '../../core/api/portalTeams';
import { serve } from '../http/endpoint';
import { setSiblingRule, siblingRuleOf } from '../domain/portal/siblingDiscount';
import { captainTeams, divisionView, joinTeam, joinView, leagueFreeAgents as freeAgentsOf, registerFreeAgent, registerTeam, setInvite } from '../domain/portal/teams';

// Teams from the families' portal (issue 44 §4: a captain's team, its invite link, joins, free agents)
// and, on the staff side, a division's free agents and the facility's sibling discount rule (§6).

export async function portalTeamRoutes(app: FastifyInstance) {
  const { db, config, square, mailer } = app.deps;
  const deps = { db, square, mailer, log: app.log, publicUrl: config.publicUrl };

  serve(app, portalTeams, ({ user }) => captainTeams(db, config.publicUrl, user));
  serve(app, portalDivision, ({ params: { id } }) => divisionView(db, id));
  serve(app, portalRegisterTeam, ({ user, body }) => registerTeam(deps, user, body));
  serve(app, portalNewInvite, ({ user, params: { id } }) => setInvite(db, config.publicUrl, user, id, true));
  serve(app, portalRevokeInvite, ({ user, params: { id } }) => setInvite(db, config.publicUrl, user, id, false));
  serve(app, portalJoinView, ({ params: { token } }) => joinView(db, token));
  serve(app, portalJoin, ({ user, params: { token }, body }) => joinTeam(deps, user, token, body));
  serve(app, portalFreeAgent, ({ user, body }) => registerFreeAgent(db, user, body));

  serve(app, leagueFreeAgents, ({ user, params: { id } }) => freeAgentsOf(db, user, id));
  serve(app, facilitySiblingDiscount, ({ user, params: { id } }) => siblingRuleOf(db, user, id));
  serve(app, setSiblingDiscount, ({ user, params: { id }, body }) => setSiblingRule(db, user, id, body));
}
