import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../server/db/client';
import { facilityPrices, PRODUCT, productById, variationId } from '../server/db/seed/catalog';
import { FACILITIES, PROCESSING_FEE } from '../server/db/seed/facilities';
import { FIELD_TYPE, FIELDS, WHOLE_FIELDS, type DemoField } from '../server/db/seed/fields';

// The volumes of the scale benchmarks (issues 9 and 10: about 1,000,000 events, 1,000,000 invoices and
// 2,000,000 payments), added on top of a seeded demo network by set-based INSERT … SELECT on the
// server — no row crosses the wire. Rentals fill the free opening hours of every whole field, hour by
// hour, for as many years back (and half a year ahead, sparser) as the event count asks; a share of them
// is invoiced (one line at the facility's peak or off-peak price, tax and processing fee rounded like
// core/money's applyRate) and paid in one to three payments that add up to the total, or a deposit.
// Usable by any scenario file: `await seedScale(db, { events: 1_000_000, invoices: 1_000_000, now })`
// after seedDemo, then VACUUM (ANALYZE) (bench/server.ts does both).

export interface ScaleOptions {
  /** Bookings to add, about (the random draw lands within a percent or so). */
  events: number;
  /** Invoices to add, about, each billing one of the added bookings (at most one per booking). */
  invoices: number;
  /** The instant the data is built around (unix seconds): bookings before it are past and mostly paid. */
  now: number;
}

const DAY = 86400;
const AHEAD_DAYS = 182;
/** Chance that a free hour is booked: peak and off-peak, in the past; bookings to come are half as dense. */
const PEAK_DENSITY = 0.9;
const OFF_PEAK_DENSITY = 0.6;
/** About the share of the bookings whose invoice date (1–21 days before) has come: all but the half year ahead's. */
const INVOICED_SHARE = 0.97;
/** Bumped whenever the generator changes, so that a kept database seeded by an older one is seeded again. */
export const SCALE_GENERATOR_VERSION = 3;

/** Opening hours of a field per week, split into peak and off-peak. */
function weeklyHours(field: DemoField): { peak: number; offPeak: number } {
  const count = ([open, close]: [number, number], [ps, pe]: [number, number]) => {
    const peak = Math.max(0, Math.min(close, pe) - Math.max(open, ps));
    return { peak, offPeak: close - open - peak };
  };
  const weekday = count(field.weekday, field.weekdayPeak);
  const weekend = count(field.weekend, field.weekendPeak);
  return { peak: 5 * weekday.peak + 2 * weekend.peak, offPeak: 5 * weekday.offPeak + 2 * weekend.offPeak };
}

/** Days of history that give about `events` bookings with the half year ahead. */
export function historyDays(events: number): number {
  const perWeek = WHOLE_FIELDS.reduce((sum, f) => {
    const { peak, offPeak } = weeklyHours(f);
    return sum + peak * PEAK_DENSITY + offPeak * OFF_PEAK_DENSITY;
  }, 0);
  const ahead = (perWeek / 7) * AHEAD_DAYS * 0.5;
  return Math.max(1, Math.ceil(((events - ahead) / perWeek) * 7));
}

/** Per whole field: hours, prices (adult or outdoor rental, youth rental), tax rate, fields it blocks. */
function fieldRows(): string {
  return WHOLE_FIELDS.map((f) => {
    const facility = FACILITIES.find((x) => x.ID === f.facility_id)!;
    const adultId = f.typeId === FIELD_TYPE.OUTDOOR ? PRODUCT.OUTDOOR_RENTAL : PRODUCT.ADULT_RENTAL;
    const adult = facilityPrices(productById(adultId), f.facility_id);
    const youth = facilityPrices(productById(PRODUCT.YOUTH_RENTAL), f.facility_id);
    const blocks = [f.ID, ...FIELDS.filter((p) => p.parentId === f.ID).map((p) => p.ID)];
    const taxRate = (id: number) => (productById(id).taxed ? facility.tax_rate : 0);
    return `(${[
      f.ID, f.facility_id, f.weekday[0], f.weekday[1], f.weekend[0], f.weekend[1],
      f.weekdayPeak[0], f.weekdayPeak[1], f.weekendPeak[0], f.weekendPeak[1],
      adultId, productById(adultId).typeId, variationId(adultId, f.facility_id), adult.peak_price, adult.off_peak_price, taxRate(adultId),
      PRODUCT.YOUTH_RENTAL, productById(PRODUCT.YOUTH_RENTAL).typeId, variationId(PRODUCT.YOUTH_RENTAL, f.facility_id),
      youth.peak_price, youth.off_peak_price, taxRate(PRODUCT.YOUTH_RENTAL),
    ].join(',')}, array[${blocks.join(',')}]::int[])`;
  }).join(',\n');
}

/**
 * Adds the scale volumes inside one transaction; answers how many events, invoices and payments it
 * added. Run VACUUM (ANALYZE) afterwards: the planner needs the new statistics.
 */
export async function seedScale(db: Db, options: ScaleOptions): Promise<{ events: number; invoices: number; payments: number }> {
  const firstDay = Math.floor(options.now / DAY) - historyDays(options.events);
  const lastDay = Math.floor(options.now / DAY) + AHEAD_DAYS;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.2026)`);
    await tx.execute(sql.raw(`create temp table bench_fields (
      field_id int, facility_id int, wd_open int, wd_close int, we_open int, we_close int, wd_ps int, wd_pe int, we_ps int, we_pe int,
      adult_id int, adult_type int, adult_variation int, adult_peak bigint, adult_off bigint, adult_tax numeric,
      youth_id int, youth_type int, youth_variation int, youth_peak bigint, youth_off bigint, youth_tax numeric, blocks int[]) on commit drop`));
    await tx.execute(sql.raw(`insert into bench_fields values ${fieldRows()}`));
    await tx.execute(sql`create temp table bench_customers on commit drop as
      select facility_id, array_agg(id order by id) as ids, count(*)::int as n from customers where customer_type_id = 1 group by facility_id`);
    await tx.execute(sql`create temp table bench_clerks on commit drop as
      select facility_id, min(id) as user_id from users where user_type in ('manager', 'admin') group by facility_id`);
    await bookings(tx, firstDay, lastDay, options);
    const [added] = rowsOf<{ events: number; invoices: number }>(await tx.execute(sql`
      select count(*)::int as events, count(invoice_id)::int as invoices from bench_bookings`));
    if (added.events === 0) return { events: 0, invoices: 0, payments: 0 };
    await writeEvents(tx, options.now);
    await writeInvoices(tx);
    const payments = await writePayments(tx, options.now);
    return { ...added, payments };
  });
}

/** Every booking to add, with its ids drawn from the sequences, its customer, price and payment plan. */
async function bookings(tx: Tx, firstDay: number, lastDay: number, options: ScaleOptions): Promise<void> {
  // Hour slots in the facility's wall clock (DST-safe through `at time zone`), open hours only.
  await tx.execute(sql`create temp table bench_slots on commit drop as
    select f.*, s.start_date, s.start_date + 3600 as end_date, s.peak
    from bench_fields f
    cross join generate_series(${firstDay}::bigint, ${lastDay}::bigint) as d(day)
    cross join lateral (select (timestamp '1970-01-01' + d.day * interval '1 day') as local_day,
      extract(isodow from timestamp '1970-01-01' + d.day * interval '1 day') >= 6 as weekend) w
    cross join lateral generate_series(case when w.weekend then f.we_open else f.wd_open end,
      (case when w.weekend then f.we_close else f.wd_close end) - 1) as h(hour)
    cross join lateral (select
      extract(epoch from (w.local_day + h.hour * interval '1 hour') at time zone fa.time_zone)::bigint as start_date,
      case when w.weekend then h.hour >= f.we_ps and h.hour < f.we_pe else h.hour >= f.wd_ps and h.hour < f.wd_pe end as peak
      from facilities fa where fa.id = f.facility_id) s`);
  // Booked at the density of its hour, where nothing of the demo is in the way (nor on a part of the field).
  await tx.execute(sql`create temp table bench_bookings on commit drop as
    select nextval(pg_get_serial_sequence('events', 'id'))::int as event_id, b.*,
      case when b.adult then b.adult_id else b.youth_id end as product_id,
      case when b.adult then b.adult_type else b.youth_type end as product_type_id,
      case when b.adult then b.adult_variation else b.youth_variation end as variation_id,
      case when b.adult then (case when b.peak then b.adult_peak else b.adult_off end) else (case when b.peak then b.youth_peak else b.youth_off end) end as price,
      case when b.adult then b.adult_tax else b.youth_tax end as tax_rate,
      c.ids[1 + floor(random() * c.n)::int] as customer_id
    from (
      select s.*, random() < 0.65 as adult from bench_slots s
      where random() < (case when s.peak then ${PEAK_DENSITY}::numeric else ${OFF_PEAK_DENSITY}::numeric end) * (case when s.start_date >= ${options.now}::bigint then 0.5 else 1 end)
        and not exists (select 1 from events e where e.field_id = any(s.blocks) and e.start_date < s.end_date and e.end_date > s.start_date)
    ) b
    join bench_customers c on c.facility_id = b.facility_id
    order by b.start_date, b.field_id`);
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from bench_bookings`));
  const share = Math.min(1, options.invoices / Math.max(1, n * INVOICED_SHARE));
  // The invoice: dated 1–21 days before the booking (never after now), its line's tax and fee, and how
  // it is paid: past ones mostly in two or three payments, bookings to come with a deposit or not yet.
  await tx.execute(sql`alter table bench_bookings add column invoice_id int, add column date bigint,
    add column amount_taxes bigint, add column amount_fees bigint, add column payments int, add column paid_share numeric`);
  // A booking is invoiced when it is made, 1–21 days ahead: one further ahead has no invoice yet.
  await tx.execute(sql`update bench_bookings set date = start_date - (1 + floor(random() * 21))::int * 86400
    where random() < ${share}::float8`);
  await tx.execute(sql`update bench_bookings set
      invoice_id = nextval(pg_get_serial_sequence('invoices', 'id')),
      amount_taxes = round(price * tax_rate), amount_fees = round(price * ${PROCESSING_FEE}::numeric)
    where date <= ${options.now}::bigint`);
  await tx.execute(sql`update bench_bookings set (payments, paid_share) = (select
      case when past then (case when r < 0.05 then 0 when r < 0.15 then 1 when r < 0.85 then 2 else 3 end)
        else (case when r < 0.5 then 0 else 1 end) end,
      case when past then 1 else 0.5 end
    from (select end_date <= ${options.now}::bigint as past, random() as r) x)
    where invoice_id is not null`);
}

async function writeEvents(tx: Tx, now: number): Promise<void> {
  await tx.execute(sql`insert into events (id, product_type_id, field_id, facility_id, start_date, end_date, comment, customer_id,
      new_product_id, product_id, checked_in, created_at, updated_at)
    select b.event_id, b.product_type_id, b.field_id, b.facility_id, b.start_date, b.end_date, '', b.customer_id,
      b.product_id, b.variation_id, b.end_date <= ${now}::bigint and random() < 0.85,
      least(${now}::bigint, b.start_date - 86400 * 7), least(${now}::bigint, b.start_date - 86400 * 7)
    from bench_bookings b`);
}

async function writeInvoices(tx: Tx): Promise<void> {
  await tx.execute(sql`insert into invoices (id, facility_id, customer_id, invoice_type_id, product_type_id, date, comment, user_id, created_at, updated_at)
    select b.invoice_id, b.facility_id, b.customer_id, 1, b.product_type_id, b.date, '', k.user_id, b.date, b.date
    from bench_bookings b left join bench_clerks k on k.facility_id = b.facility_id
    where b.invoice_id is not null`);
  await tx.execute(sql`insert into invoice_items (invoice_id, product_id, new_product_id, event_id, price, quantity, comment,
      taxes, fees, amount_taxes, amount_fees, created_at, updated_at)
    select b.invoice_id, b.variation_id, b.product_id, b.event_id, b.price, 1, '',
      round(b.tax_rate * 100, 6), ${PROCESSING_FEE * 100}, b.amount_taxes, b.amount_fees, b.date, b.date
    from bench_bookings b where b.invoice_id is not null`);
}

/** Payments that add up to the total (or to the deposit), the first one carrying the cents left over. */
async function writePayments(tx: Tx, now: number): Promise<number> {
  const result = await tx.execute(sql`insert into payments (invoice_id, amount, type, details, square_id, user_id, created_at, updated_at)
    select b.invoice_id,
      case when i = 1 then paid - (paid / b.payments) * (b.payments - 1) else paid / b.payments end,
      m.type,
      case m.type when 'check' then json_build_object('number', (1000 + floor(random() * 9000))::int::text)::text
        when 'wire' then json_build_object('transaction_number', 'WT' || upper(substr(md5(random()::text), 1, 10)))::text
        when 'card' then json_build_object('method', 'card', 'transaction_id', m.square)::text
        when 'terminal' then json_build_object('method', 'terminal', 'transaction_id', m.square)::text
        else '{"note":""}' end,
      m.square, k.user_id, m.at, m.at
    from (select *, round((price + amount_taxes + amount_fees) * paid_share)::bigint as paid from bench_bookings
      where invoice_id is not null and payments > 0) b
    cross join lateral generate_series(1, b.payments) as i
    left join bench_clerks k on k.facility_id = b.facility_id
    cross join lateral (select t.type, case when t.type in ('card', 'terminal') then 'sq_' || substr(md5(random()::text), 1, 20) end as square,
      least(${now}::bigint - 60, b.date + (i - 1) * 86400 * (1 + floor(random() * 7))::bigint) as at
      from (select case when r < 0.5 then 'card' when r < 0.72 then 'terminal' when r < 0.87 then 'cash' when r < 0.94 then 'check' else 'wire' end as type
        from (select random() + i * 0 as r) x) t) m
    where paid / b.payments > 0`);
  return (result as unknown as { rowCount: number }).rowCount;
}
