import { sql } from 'drizzle-orm';
import { INVOICE_TYPE, UNIFORM_SIZES } from '../core/constants';
import { rowsOf, type Db } from '../server/db/client';
import { facilityPrices, PRODUCT, productById, variationId } from '../server/db/seed/catalog';
import { FACILITIES, PROCESSING_FEE } from '../server/db/seed/facilities';

// The class volumes of the scale benchmarks (issue 26 item 9: 10,000 classes, 150,000 attendees), added
// on top of a seeded demo network by set-based INSERT … SELECT, as bench/scaleLeagues.ts adds leagues.
// Each class (a youth class or a Lil' Kickers session, 10 weeks, spread over five years back and half a
// year ahead) is a division of a season of its facility (one season per 10 classes) and takes 10 to 20
// of the facility's children (15 on average), each registered by their parent with an invoice (one
// line at the facility's price with its tax and processing fee), paid in full for past classes, half
// for those to come. Classes are offered online (the portal lists those whose registration window is
// open now: bench/PORTAL.md). Use: `await seedClasses(db, { classes: 10000, now })`.

export interface ClassScaleOptions {
  classes: number;
  /** The instant the data is built around (unix seconds). */
  now: number;
}

const DAY = 86400;
const CLASSES_PER_SEASON = 10;

/** Per facility and class product: product, variation, price, tax rate, product type. */
function kindRows(): string {
  return FACILITIES.flatMap((facility) => [PRODUCT.YOUTH_CLASS, PRODUCT.LIL_KICKERS].map((productId) => {
    const product = productById(productId);
    const price = facilityPrices(product, facility.ID).base_price;
    return `(${[facility.ID, productId, variationId(productId, facility.ID), price, product.taxed ? facility.tax_rate : 0, product.typeId].join(',')})`;
  })).join(',\n');
}

/** Adds the seasons, classes, attendees, invoices and payments in one transaction; answers the counts. Run VACUUM (ANALYZE) afterwards. */
export async function seedClasses(db: Db, options: ClassScaleOptions): Promise<{ classes: number; attendees: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.2626)`);
    await tx.execute(sql.raw(`create temp table bench_class_kinds (facility_id int, product_id int, variation_id int, price bigint, tax_rate numeric, product_type_id int) on commit drop`));
    await tx.execute(sql.raw(`insert into bench_class_kinds values ${kindRows()}`));
    // The facility's children with a parent on record: only facilities with 20 of them get classes.
    await tx.execute(sql`create temp table bench_kid_pool on commit drop as
      select c.facility_id, array_agg(c.id order by c.id) as kids, array_agg(f.parent_id order by c.id) as parents, count(*)::int as n
      from customers c join lateral (select parent_id from families where child_id = c.id order by id limit 1) f on true
      where c.is_kid and c.deleted_at is null group by c.facility_id having count(*) >= 20`);
    await tx.execute(sql`delete from bench_class_kinds k where not exists (select 1 from bench_kid_pool p where p.facility_id = k.facility_id)`);
    await tx.execute(sql`create temp table bench_class_clerks on commit drop as
      select facility_id, min(id) as user_id from users where user_type in ('manager', 'admin') group by facility_id`);
    const kinds = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from bench_class_kinds`))[0].n;
    await tx.execute(sql`create temp table bench_classes on commit drop as
      select nextval(pg_get_serial_sequence('classes', 'id'))::int as class_id, g, k.*, s.start_date, s.start_date + 70 * ${DAY}::bigint - 1 as end_date,
        10 + floor(random() * 11)::int as n_kids
      from generate_series(1, ${options.classes}) g
      join (select *, row_number() over (order by facility_id, product_id) - 1 as k from bench_class_kinds) k on k.k = g % ${kinds}
      cross join lateral (select (${options.now}::bigint - floor(random() * ${5 * 365})::bigint * ${DAY} + 182 * ${DAY} + g * 0) as start_date) s`);
    // Seasons: every 10 classes of a facility share one, spanning its divisions' dates.
    await tx.execute(sql`create temp table bench_seasons on commit drop as
      select nextval(pg_get_serial_sequence('classes', 'id'))::int as season_id, facility_id, grp, min(start_date) as start_date, max(end_date) as end_date
      from (select *, (row_number() over (partition by facility_id order by start_date, class_id) - 1) / ${CLASSES_PER_SEASON} as grp from bench_classes) c
      group by facility_id, grp`);
    await tx.execute(sql`alter table bench_classes add column season_id int`);
    await tx.execute(sql`update bench_classes b set season_id = s.season_id
      from (select class_id, facility_id, (row_number() over (partition by facility_id order by start_date, class_id) - 1) / ${CLASSES_PER_SEASON} as grp from bench_classes) c
      join bench_seasons s on s.facility_id = c.facility_id and s.grp = c.grp where b.class_id = c.class_id`);
    await tx.execute(sql`insert into classes (id, name, description, start_date, end_date, registration_start_date, registration_end_date, facility_id, is_container,
        available_online, max_kids, created_at, updated_at)
      select season_id, 'Bench Season ' || facility_id || '-' || (grp + 1), '', start_date, end_date, start_date - 42 * ${DAY}, end_date, facility_id, true,
        false, 20, least(${options.now}::bigint, start_date - 49 * ${DAY}), least(${options.now}::bigint, start_date - 49 * ${DAY})
      from bench_seasons`);
    await tx.execute(sql`insert into classes (id, name, description, start_date, end_date, registration_start_date, registration_end_date, facility_id, class_parent_id,
        new_product_id, product_id, available_online, max_kids, quota, created_at, updated_at)
      select class_id, 'Bench Class ' || g, '', start_date, end_date, start_date - 42 * ${DAY}, end_date, facility_id, season_id,
        product_id, variation_id, true, 20, 20, least(${options.now}::bigint, start_date - 49 * ${DAY}), least(${options.now}::bigint, start_date - 49 * ${DAY})
      from bench_classes`);
    // Attendees: consecutive children of the facility's pool (distinct within the class), each with an invoice to their parent.
    await tx.execute(sql`create temp table bench_attendees on commit drop as
      select c.*, i, p.kids[1 + ((c.class_id * 7 + i) % p.n)] as kid, p.parents[1 + ((c.class_id * 7 + i) % p.n)] as parent,
        least(${options.now}::bigint, c.start_date - (1 + floor(random() * 40))::int * ${DAY}) as signed,
        nextval(pg_get_serial_sequence('invoices', 'id'))::int as invoice_id
      from bench_classes c join bench_kid_pool p on p.facility_id = c.facility_id cross join generate_series(0, c.n_kids - 1) as i`);
    await tx.execute(sql`alter table bench_attendees add column amount_taxes bigint, add column amount_fees bigint`);
    await tx.execute(sql`update bench_attendees set amount_taxes = round(price * tax_rate), amount_fees = round(price * ${PROCESSING_FEE}::numeric)`);
    await tx.execute(sql`insert into invoices (id, facility_id, customer_id, invoice_type_id, product_type_id, class_id, date, comment, user_id, created_at, updated_at)
      select a.invoice_id, a.facility_id, a.parent, ${INVOICE_TYPE.GENERAL}, a.product_type_id, a.class_id, a.signed, '', k.user_id, a.signed, a.signed
      from bench_attendees a left join bench_class_clerks k on k.facility_id = a.facility_id`);
    await tx.execute(sql`insert into invoice_items (invoice_id, product_id, new_product_id, price, quantity, comment, taxes, fees, amount_taxes, amount_fees, created_at, updated_at)
      select invoice_id, variation_id, product_id, price, 1, '', round(tax_rate * 100, 6), ${PROCESSING_FEE * 100}, amount_taxes, amount_fees, signed, signed
      from bench_attendees`);
    await tx.execute(sql`insert into attendees (class_id, customer_id, parent_id, uniform_size, invoice_id, created_at, updated_at)
      select class_id, kid, parent, (array[${sql.join(UNIFORM_SIZES.map((s) => sql`${s}`), sql`, `)}])[1 + i % ${UNIFORM_SIZES.length}], invoice_id, signed, signed from bench_attendees`);
    await tx.execute(sql`insert into payments (invoice_id, amount, type, details, user_id, created_at, updated_at)
      select a.invoice_id, round((a.price + a.amount_taxes + a.amount_fees) * (case when a.start_date <= ${options.now}::bigint then 1 else 0.5 end))::bigint,
        'cash', '{"note":""}', k.user_id, least(${options.now}::bigint - 60, a.signed + ${DAY}), least(${options.now}::bigint - 60, a.signed + ${DAY})
      from bench_attendees a left join bench_class_clerks k on k.facility_id = a.facility_id`);
    const [counts] = rowsOf<{ classes: number; attendees: number }>(await tx.execute(sql`
      select (select count(*) from bench_classes)::int as classes, (select count(*) from bench_attendees)::int as attendees`));
    return counts;
  });
}
