import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contractList, searchContracts as contractSearch, type CONTRACT_SORTS, type ContractSearch } from '../../../core/api/contracts';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { documentState } from '../../../core/validation/contract';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { contracts, customers, discountApplications, events, facilities, invoiceItems, invoices, payments, productTypes } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { listPage, sendRange } from '../../http/list';
import { containing, type ListQuery } from '../../http/listQuery';

// The contracts list (spec 2 §2, §3 Contract search): GET /contract (ra-data-simple-rest's filter,
// sort and range, with Content-Range) and POST /contract/search {facility_ids, product_type_id,
// query, search_by, last_event_date, hide_paid, only_active}. Non-admins see their own facility's
// whatever they send; admins every facility unless they name some.

/** The columns the list sorts by (CONTRACT_SORTS). */
const SORTS = {
  ID: contracts.ID, name: contracts.name, CreatedAt: contracts.CreatedAt, facility_id: contracts.facility_id,
} as const satisfies Record<(typeof CONTRACT_SORTS)[number], unknown>;

const lastEvent = sql<number | null>`(select max(${events.end_date}) from ${events} where ${events.contract_id} = ${contracts.ID})`;
const firstEvent = sql<number | null>`(select min(${events.start_date}) from ${events} where ${events.contract_id} = ${contracts.ID})`;
const eventCount = sql<number>`(select count(*)::int from ${events} where ${events.contract_id} = ${contracts.ID})`;
const billed = sql<string>`(select coalesce(sum(${invoiceItems.quantity} * ${invoiceItems.price} + ${invoiceItems.amount_taxes} + ${invoiceItems.amount_fees}), 0) from ${invoiceItems} join ${invoices} on ${invoices.ID} = ${invoiceItems.invoice_id} where ${invoices.contract_id} = ${contracts.ID})`;
const paid = sql<string>`(select coalesce(sum(${payments.amount}), 0) from ${payments} join ${invoices} on ${invoices.ID} = ${payments.invoice_id} where ${invoices.contract_id} = ${contracts.ID})`;
const discounted = sql<string>`(select coalesce(sum(${discountApplications.amount}), 0) from ${discountApplications} join ${invoices} on ${invoices.ID} = ${discountApplications.invoice_id} where ${invoices.contract_id} = ${contracts.ID})`;

function conditions(user: SessionUser, search: ContractSearch, words: string[]): SQL | undefined {
  const own = facilityScope(user);
  const facilityIds = own !== null ? [own] : search.facility_ids?.filter(Boolean);
  const wordMatch = (word: string) => {
    const like = containing(word);
    const byCustomer = or(ilike(customers.first_name, like), ilike(customers.last_name, like));
    const byContract = or(ilike(contracts.name, like), /^\d+$/.test(word) ? eq(contracts.ID, Number(word)) : undefined);
    return search.search_by === 'customer' ? byCustomer : search.search_by === 'contract' ? byContract : or(byCustomer, byContract);
  };
  return and(
    facilityIds?.length ? inArray(contracts.facility_id, facilityIds) : undefined,
    search.product_type_id ? eq(contracts.product_type_id, search.product_type_id) : undefined,
    search.last_event_date ? sql`${lastEvent} > ${search.last_event_date}` : undefined,
    search.only_active ? sql`${lastEvent} >= ${nowSeconds()}` : undefined,
    search.hide_paid ? sql`${billed} - ${discounted} - ${paid} > 0` : undefined,
    ...words.map(wordMatch),
  );
}

export async function searchContracts(db: Db, user: SessionUser, search: ContractSearch, range: ListQuery['range'], order: SQL[]) {
  const words = (search.query ?? '').split(/\s+/).filter(Boolean);
  const select = () => db
    .select({
      contract: contracts,
      facility: { ID: facilities.ID, name: facilities.name },
      customer: { ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name },
      product_type: { ID: productTypes.ID, name: productTypes.name },
      events_count: eventCount, first_event: firstEvent, last_event: lastEvent, billed, paid, discounted,
    })
    .from(contracts)
    .innerJoin(facilities, eq(facilities.ID, contracts.facility_id))
    .innerJoin(productTypes, eq(productTypes.ID, contracts.product_type_id))
    .leftJoin(customers, eq(customers.ID, contracts.customer_id))
    .where(conditions(user, search, words))
    .$dynamic();
  const page = await listPage(db, select, order, range);
  return {
    ...page,
    rows: page.rows.map(({ contract, billed: b, paid: p, discounted: d, ...r }) => {
      const { sign_link_hash: _h, signed_doc: _s, ...rest } = contract;
      return {
        ...rest, ...r, fee: toDollars(contract.fee), deposit: toDollars(contract.deposit), doc_state: documentState(contract),
        invoiced: toDollars(Number(b)), paid: toDollars(Number(p)), discounted: toDollars(Number(d)), balance: toDollars(Number(b) - Number(d) - Number(p)),
      };
    }),
  };
}

export async function contractListRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, contractList, async ({ user, query }, _request, reply) => {
    const column = SORTS[query.sort.field as keyof typeof SORTS] ?? contracts.ID;
    const page = await searchContracts(db, user, { ...(query.filters as ContractSearch), query: query.words.join(' ') }, query.range,
      [query.sort.order === 'ASC' ? asc(column) : desc(column), desc(contracts.ID)]);
    sendRange(reply, 'contract', page);
    return page.rows;
  });

  serve(app, contractSearch, async ({ user, body: { facility_id, ...criteria } }) => {
    if (facility_id && !criteria.facility_ids) criteria.facility_ids = [facility_id];
    return (await searchContracts(db, user, criteria, undefined, [desc(contracts.ID)])).rows;
  });
}
