import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_TEAM_MESSAGES } from '../../core/api/portalTeams';
import { simulatorToken } from '../../core/square';
import { families, invoiceItems, invoices, payments, players, squareSimPayments, teamSignups, teams } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';
import { insertCustomer } from './support/customers';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { onlineDivision } from './support/portalTeams';
import { statusCounts } from './support/races';

// Portal teams under concurrency, on a PostgreSQL server (issue 44 §4): joins lock the team before its
// roster is counted, so 30 joins into 5 places land exactly 5; registrations claim their key before
// anything is written, so concurrent ones with one key make one team and one charge; and the division
// is locked before its teams are counted, so teams never pass max_teams.

describe.runIf(process.env.TEST_DB === 'postgres')('portal team races on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: string;
  let family: PortalFamily;
  const VISA = simulatorToken('4111111111111111');

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.login('admin@touchline.test');
    family = await signedInFamily(ctx, admin);
  });
  afterAll(async () => { await ctx?.close(); });

  const division = async (overrides: Record<string, unknown> = {}) => (await onlineDivision(ctx, admin, { max_teams: 8, ...overrides })).ID;

  it('30 concurrent joins on a team with 5 roster places left: exactly 5 players', async () => {
    const league = await division({ max_players: 7 });
    const made = await portal(ctx, family.token, 'POST', '/teams', { league_id: league, name: 'Crowded FC', idempotency_key: 'race-crowded-team', source_id: VISA });
    expect(made.statusCode, made.body).toBe(201);
    const teamId = made.json().team.ID as number;
    const token = (made.json().team.invite_url as string).split('/').at(-1)!;
    // Two players already on it, then 30 children of the family try at once.
    for (const id of [family.holderId, family.childId]) expect((await portal(ctx, family.token, 'POST', `/join/${token}`, { participant_id: id })).statusCode).toBe(201);
    const kids: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const kid = await insertCustomer(ctx.database.db, { facility_id: 1, is_kid: true, email: `${family.email}##r${i}`, birthdate: 1_420_070_400 });
      await ctx.database.db.insert(families).values({ parent_id: family.holderId, child_id: kid.ID });
      kids.push(kid.ID);
    }
    const answers = await Promise.all(kids.map((id) => portal(ctx, family.token, 'POST', `/join/${token}`, { participant_id: id })));
    expect(statusCounts(answers)).toEqual({ 201: 5, 409: 25 });
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message))).toEqual(new Set([PORTAL_TEAM_MESSAGES.rosterFull]));
    expect(await ctx.database.db.$count(players, eq(players.team_id, teamId))).toBe(7);
  });

  it('players paying their shares while the captain pays the balance never take more than the invoice', async () => {
    const league = await division({ enable_deposit: true });
    const made = await portal(ctx, family.token, 'POST', '/teams', { league_id: league, name: 'Share FC', payment: 'deposit', idempotency_key: 'race-share-team', source_id: VISA });
    expect(made.statusCode, made.body).toBe(201);
    const invoiceId = made.json().invoice_id as number;
    const token = (made.json().team.invite_url as string).split('/').at(-1)!;
    const balance = made.json().payment.balance as number;
    const kids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const kid = await insertCustomer(ctx.database.db, { facility_id: 1, is_kid: true, email: `${family.email}##s${i}`, birthdate: 1_420_070_400 });
      await ctx.database.db.insert(families).values({ parent_id: family.holderId, child_id: kid.ID });
      kids.push(kid.ID);
    }
    const answers = await Promise.all([
      portal(ctx, family.token, 'POST', `/invoices/${invoiceId}/pay`, { idempotency_key: 'race-share-captain', source_id: VISA, amount: balance }),
      ...kids.map((id, i) => portal(ctx, family.token, 'POST', `/join/${token}`, { participant_id: id, idempotency_key: `race-share-${i}`, source_id: VISA })),
    ]);
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.ID, invoiceId));
    const [{ total }] = await ctx.database.db.select({ total: sql<string>`sum(${invoiceItems.price} * ${invoiceItems.quantity} + ${invoiceItems.amount_taxes} + ${invoiceItems.amount_fees})` })
      .from(invoiceItems).where(eq(invoiceItems.invoice_id, invoiceId));
    expect(invoice.paid).toBeLessThanOrEqual(Number(total));
    // Every charge Square took (the team's deposit, the captain's payment, the shares: their keys) is recorded on the invoice.
    const charged = await ctx.database.db.select({ amount: squareSimPayments.amount }).from(squareSimPayments).where(like(squareSimPayments.idempotency_key, `%:${family.holderId}:race-share-%`));
    expect(charged.reduce((sum, c) => sum + c.amount, 0)).toBe(invoice.paid);
  });

  it('20 concurrent registrations with one key: one team, one sign-up, one charge, every answer the same', async () => {
    const league = await division();
    const body = { league_id: league, name: 'One Key United', idempotency_key: 'race-one-key-team', source_id: VISA };
    const answers = await Promise.all(Array.from({ length: 20 }, () => portal(ctx, family.token, 'POST', '/teams', body)));
    expect(statusCounts(answers)).toEqual({ 201: 20 });
    for (const answer of answers) expect(answer.json()).toEqual(answers[0].json());
    expect(await ctx.database.db.$count(teams, eq(teams.name, 'One Key United'))).toBe(1);
    expect(await ctx.database.db.$count(teamSignups, eq(teamSignups.league_id, league))).toBe(1);
    expect(await ctx.database.db.$count(payments, eq(payments.invoice_id, answers[0].json().invoice_id))).toBe(1);
    expect(await ctx.database.db.$count(squareSimPayments, like(squareSimPayments.idempotency_key, '%:race-one-key-team'))).toBe(1);
  });

  it('10 concurrent registrations with their own keys into 3 places: 3 teams, 3 charges', async () => {
    const league = await division({ max_teams: 3 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) =>
      portal(ctx, family.token, 'POST', '/teams', { league_id: league, name: `Racer ${i}`, idempotency_key: `race-own-key-${i}`, source_id: VISA })));
    expect(statusCounts(answers)).toEqual({ 201: 3, 409: 7 });
    const signed = await ctx.database.db.select().from(teamSignups).where(eq(teamSignups.league_id, league));
    expect(signed).toHaveLength(3);
    expect(await ctx.database.db.$count(squareSimPayments, like(squareSimPayments.idempotency_key, '%:race-own-key-%'))).toBe(3);
  });
});
