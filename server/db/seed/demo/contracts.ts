import { PRODUCT_TYPE } from '../../../../core/constants';
import { changelog, contractLogs, contracts, healthChecks, pickupPlayers, pickupSessions } from '../../schema';
import { facilityPrices, PRODUCT, productById, variationId } from '../catalog';
import type { DemoFacility } from '../facilities';
import type { DemoField } from '../fields';
import { DAY, HOUR, isPeak, termDays, type Grid, type Term } from './calendar';
import type { DemoContext } from './context';
import { addEvent } from './events';
import { totalOf } from './ledger';
import { TEAM_ADJECTIVES, TEAM_NOUNS } from './names';

// Block-booking contracts (adult, product type 2; youth, type 7) with weekly events and one invoice
// line per event, and a pickup session (a contract of type 5) whose players pay per game.

interface ContractKind {
  productTypeId: number;
  productId: number;
  weekdays: number[];
  hours: number[];
  /** Hours per event. */
  length: number;
  processingFee: boolean;
}

const ADULT_BLOCK: ContractKind = { productTypeId: PRODUCT_TYPE.ADULT_BLOCK_BOOKING, productId: PRODUCT.BLOCK_BOOKING, weekdays: [1, 2, 3, 4, 5], hours: [22, 21], length: 1, processingFee: true };
const YOUTH_CONTRACT: ContractKind = { productTypeId: PRODUCT_TYPE.YOUTH_CONTRACT, productId: PRODUCT.YOUTH_CONTRACT, weekdays: [1, 2, 3, 4, 5], hours: [17, 16], length: 2, processingFee: false };

export function seedContractTerm(ctx: DemoContext, facility: DemoFacility, fields: DemoField[], term: Term, grid: Grid): void {
  contract(ctx, facility, fields, term, grid, ADULT_BLOCK);
  contract(ctx, facility, fields, term, grid, YOUTH_CONTRACT);
  pickup(ctx, facility, fields, term, grid);
}

function contract(ctx: DemoContext, facility: DemoFacility, fields: DemoField[], term: Term, grid: Grid, kind: ContractKind): void {
  const { rng, writer, ledger, clock, now, staff } = ctx;
  const slot = grid.reserveWeekly(rng.sample(kind.weekdays, kind.weekdays.length), kind.hours, kind.length, fields);
  if (!slot) return;
  const prices = facilityPrices(productById(kind.productId), facility.ID);
  const fee = isPeak(slot.field, slot.weekday, slot.hour) ? prices.peak_price : prices.off_peak_price;
  const customer = ctx.people.one(rng, facility, 'adult');
  const created = Math.min(now - DAY, clock.at(facility.ID, term.firstDay, 12) - 10 * DAY);
  const clerk = staff.managers.get(facility.ID)?.[0] ?? staff.admin;
  const signed = rng.chance(0.7);
  const ID = writer.nextId(contracts);
  const club = `${rng.pick(TEAM_ADJECTIVES)} ${rng.pick(TEAM_NOUNS)}`;
  const header = {
    ID, name: `${club} ${kind === ADULT_BLOCK ? 'block booking' : 'youth club'} ${term.season} ${term.year}`,
    comment: kind === ADULT_BLOCK ? 'Weekly game, same field if possible' : 'Training sessions',
    facility_id: facility.ID, customer_id: customer, product_type_id: kind.productTypeId, product_id: variationId(kind.productId, facility.ID),
    fee, percentage: 50, ApplyProcessingFee: kind.processingFee, doc: `/files/contracts/${ID}.pdf`, sent: true, signed,
    CreatedAt: created, UpdatedAt: created,
  };

  // Weekly events of one series; one of them at a negotiated price.
  const token = rng.hex(16);
  const days = termDays(term, slot.weekday);
  const variant = rng.int(0, days.length - 1);
  const variantPrice = Math.round((fee * 0.8) / 100) * 100;
  const items = days.map((day, i) => {
    const start = clock.at(facility.ID, day, slot.hour);
    const hourly = i === variant ? variantPrice : fee;
    return { start, end: start + kind.length * HOUR, hourly, variant: i === variant };
  });
  const total = items.reduce((sum, e) => sum + e.hourly * kind.length, 0);
  writer.add(contracts, { ...header, deposit: Math.round(total / 2) });
  const eventItems = items.map((e) => ({
    productId: kind.productId, price: e.hourly * kind.length,
    event_id: addEvent(ctx, {
      field: slot.field, start: e.start, end: e.end, product_type_id: kind.productTypeId, productId: kind.productId, customer_id: customer,
      contract_id: ID, block_token: token, contract_variant_price: e.variant ? variantPrice : null,
    }),
  }));
  const bill = ledger.invoice({
    facilityId: facility.ID, customer_id: customer, product_type_id: kind.productTypeId, date: created, contract_id: ID,
    comment: header.name, items: eventItems, processingFee: kind.processingFee,
  });
  ledger.settle(bill, created, items[items.length - 1].end, { depositShare: 0.5 });

  const log = (action: (typeof contractLogs.$inferInsert)['action'], at: number, extra: Partial<typeof contractLogs.$inferInsert> = {}) =>
    writer.add(contractLogs, { contract_id: ID, action, user_id: clerk, created_at: Math.min(now - 60, at), ...extra });
  log('generate_doc', created + HOUR);
  log('send_doc', created + 2 * HOUR);
  log('edit_events', created + DAY, { number_modified_events: 1, total_price_variation: (variantPrice - fee) * kind.length });
  writer.add(changelog, {
    object_type: 'contract', object_id: ID, action: 'create', user_id: clerk, new_value: JSON.stringify({ ...header, total: totalOf(bill) }),
    CreatedAt: created,
  });
}

/** A weekly pickup game: the session, its contract and events, the players of each game and what they paid. */
function pickup(ctx: DemoContext, facility: DemoFacility, fields: DemoField[], term: Term, grid: Grid): void {
  const { rng, writer, ledger, clock, now, people } = ctx;
  const slot = grid.reserveWeekly([5, 0], [20, 18], 1, fields);
  if (!slot) return;
  const product = productById(PRODUCT.PICKUP);
  const price = facilityPrices(product, facility.ID).full_price;
  const created = Math.min(now - DAY, clock.at(facility.ID, term.firstDay, 12) - 7 * DAY);
  const name = `Pickup session @${facility.nickname}`;
  const contractId = writer.add(contracts, {
    name, facility_id: facility.ID, customer_id: null, product_type_id: PRODUCT_TYPE.PICKUP, product_id: variationId(product.ID, facility.ID),
    fee: price, deposit: 0, percentage: 0, sent: false, CreatedAt: created, UpdatedAt: created,
  });
  writer.add(pickupSessions, {
    facility_id: facility.ID, contract_id: contractId, field_id: slot.field.ID, day: slot.weekday, time: slot.hour, duration: 60,
    product_id: variationId(product.ID, facility.ID), CreatedAt: created, UpdatedAt: created,
  });

  const token = rng.hex(16);
  const games = termDays(term, slot.weekday).map((day) => {
    const start = clock.at(facility.ID, day, slot.hour);
    const end = start + HOUR;
    const ID = addEvent(ctx, { field: slot.field, start, end, product_type_id: PRODUCT_TYPE.PICKUP, productId: product.ID, contract_id: contractId, block_token: token, comment: name });
    // Players sign up over the week before a game; fewer so far for games to come.
    return { ID, start, end, players: people.pick(rng, facility, 'adult', end <= now ? rng.int(6, 14) : rng.int(0, 6)) };
  });
  const bill = ledger.invoice({
    facilityId: facility.ID, customer_id: null, product_type_id: PRODUCT_TYPE.PICKUP, date: created, contract_id: contractId, comment: name,
    items: games.flatMap((g) => g.players.map(() => ({ productId: product.ID, price, event_id: g.ID }))),
  });
  let line = 0;
  for (const game of games) {
    for (const customer_id of game.players) {
      const item = bill.items[line++];
      const signedUp = Math.min(now - HOUR, game.start - rng.int(1, 6) * DAY);
      const played = game.end <= now;
      writer.add(pickupPlayers, {
        event_id: game.ID, customer_id, facility_id: facility.ID, start_date: game.start, end_date: game.end,
        checked_in: played && rng.chance(0.9), invoice_id: bill.ID, CreatedAt: signedUp, UpdatedAt: signedUp,
      });
      if (played ? rng.chance(0.95) : rng.chance(0.6)) {
        ledger.pay(bill, item.price + (item.amount_taxes ?? 0) + (item.amount_fees ?? 0), signedUp, { player: customer_id });
      }
      if (played && rng.chance(0.3)) writer.add(healthChecks, { event_id: game.ID, customer_id, facility_id: facility.ID, CreatedAt: game.start - 900 });
    }
  }
}
