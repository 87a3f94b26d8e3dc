import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth';
import { broadcastRoutes, unsubscribeRoutes } from './broadcasts';
import { discountRoutes } from './discounts';
import { customerRoutes } from './customers';
import { invoiceRoutes } from './invoices';
import { healthRoutes } from './health';
import { membershipRoutes } from './memberships';
import { paymentRoutes } from './payments';
import { reportRoutes } from './reports';
import { squareRoutes } from './square';
import { changelogRoutes } from './changelog';
import { productRoutes } from './products';
import { scoreboardRoutes } from './scoreboards';
import { contractRoutes } from './contracts';
import { leagueRoutes } from './leagues';
import { refereeRoutes } from './referees';
import { eleagueRoutes } from './eleagues';
import { teamRoutes } from './teams';
import { scheduleRoutes } from './schedule';
import { classRoutes } from './classes';
import { eventRoutes } from './events';
import { portalRoutes } from './portal';
import { portalTeamRoutes } from './portalTeams';
import { waiverRoutes } from './waivers';
import { mediaRoutes } from './media';
import { crudRoutes } from './settings';
import { entityFolderRoutes } from './entityFolders';

// One plugin per area (a folder's index.ts, or a file of this folder), crudRoutes for every simple
// entity (server/routes/settings.ts) and entityFolderRoutes for every entity folder (resources/<name>/). Handlers parse (the declaration does it), authorize, call the
// business operations of server/domain/<area> and answer; no route folder or file imports another, only
// this file registers them (tests/unit/layers.test.ts). Authentication lives at root paths (spec 1 §7);
// everything else under /api.

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(async (api) => {
    await api.register(healthRoutes);
    await api.register(crudRoutes);
    await api.register(entityFolderRoutes);
    await api.register(changelogRoutes);
    await api.register(discountRoutes);
    await api.register(customerRoutes);
    await api.register(membershipRoutes);
    await api.register(productRoutes);
    await api.register(scoreboardRoutes);
    await api.register(eventRoutes);
    await api.register(invoiceRoutes);
    await api.register(paymentRoutes);
    await api.register(reportRoutes);
    await api.register(contractRoutes);
    await api.register(leagueRoutes);
    await api.register(teamRoutes);
    await api.register(scheduleRoutes);
    await api.register(classRoutes);
    await api.register(refereeRoutes);
    await api.register(eleagueRoutes);
    await api.register(broadcastRoutes);
    await api.register(squareRoutes);
    await api.register(mediaRoutes);
    await api.register(portalRoutes);
    await api.register(portalTeamRoutes);
    await api.register(waiverRoutes);
  }, { prefix: '/api' });
}
