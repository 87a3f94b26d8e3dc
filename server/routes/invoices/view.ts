import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toDollars } from '../../../core/money';
import type { Db, Tx } from '../../db/client';
import {
  contracts, customers, discountApplications, discounts, events, facilities, invoiceItems, invoices, payments, players, productTypes, products, teams,
} from '../../db/schema';
import { balanceOf, type Figures, type InvoiceRow } from './access';

// One invoice as GET /invoice/{id} answers it (spec 2 §3 Invoice): the header with facility, customer,
// product type and contract; its items, discounts and payments; and the totals, all money in dollars.
// The public invoice page answers the same, less what only staff see (who wrote what).

const player = alias(customers, 'player');

/** A team invoice's team with its roster: the players a league payment may be for (spec 2 §3, §5). */
async function teamWithRoster(db: Db | Tx, teamId: number | null) {
  if (teamId === null) return null;
  const [[team], roster] = await Promise.all([
    db.select({ ID: teams.ID, name: teams.name }).from(teams).where(eq(teams.ID, teamId)),
    db.select({ ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name })
      .from(players)
      .innerJoin(customers, eq(customers.ID, players.customer_id))
      .where(eq(players.team_id, teamId))
      .orderBy(asc(customers.last_name), asc(customers.first_name), asc(customers.ID)),
  ]);
  return team ? { ...team, roster } : null;
}

export function totalsWire(f: Figures) {
  const total = f.invoiced + f.taxes + f.fees;
  return {
    invoiced: toDollars(f.invoiced),
    taxes: toDollars(f.taxes),
    fees: toDollars(f.fees),
    total: toDollars(total),
    discounted: toDollars(f.discounted),
    paid: toDollars(f.paid),
    balance: toDollars(balanceOf(f)),
    total_without_tax: toDollars(f.invoiced - f.discounted),
  };
}

export async function invoiceView(db: Db | Tx, invoice: InvoiceRow) {
  const [[header], items, applied, paymentRows, team] = await Promise.all([
    db
      .select({
        facility: { ID: facilities.ID, name: facilities.name, address: facilities.address, tax_rate: facilities.tax_rate, processing_fee: facilities.processing_fee, time_zone: facilities.time_zone },
        product_type: { ID: productTypes.ID, name: productTypes.name },
        contract: { ID: contracts.ID, name: contracts.name },
        customer: { ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email, credits: customers.credits },
      })
      .from(invoices)
      .innerJoin(facilities, eq(facilities.ID, invoices.facility_id))
      .leftJoin(productTypes, eq(productTypes.ID, invoices.product_type_id))
      .leftJoin(contracts, eq(contracts.ID, invoices.contract_id))
      .leftJoin(customers, eq(customers.ID, invoices.customer_id))
      .where(eq(invoices.ID, invoice.ID)),
    db
      .select({ item: invoiceItems, new_product: { ID: products.ID, name: products.name }, event: { ID: events.ID, start_date: events.start_date, end_date: events.end_date } })
      .from(invoiceItems)
      .leftJoin(products, eq(products.ID, invoiceItems.new_product_id))
      .leftJoin(events, eq(events.ID, invoiceItems.event_id))
      .where(eq(invoiceItems.invoice_id, invoice.ID))
      .orderBy(asc(invoiceItems.ID)),
    db
      .select({ application: discountApplications, discount: { ID: discounts.ID, name: discounts.name, is_percentage: discounts.is_percentage, value: discounts.value, amount: discounts.amount } })
      .from(discountApplications)
      .leftJoin(discounts, eq(discounts.ID, discountApplications.discount_id))
      .where(eq(discountApplications.invoice_id, invoice.ID))
      .orderBy(asc(discountApplications.ID)),
    db
      .select({ payment: payments, player: { ID: player.ID, first_name: player.first_name, last_name: player.last_name } })
      .from(payments)
      .leftJoin(player, eq(player.ID, payments.player_customer_id))
      .where(eq(payments.invoice_id, invoice.ID))
      .orderBy(asc(payments.ID)),
    teamWithRoster(db, invoice.team_id),
  ]);
  // The totals are the sums of the rows just read (what invoiceFigures sums in SQL): no second look.
  const sum = <T>(rows: T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);
  const figures: Figures = {
    invoiced: sum(items, ({ item }) => item.quantity * item.price),
    taxes: sum(items, ({ item }) => item.amount_taxes),
    fees: sum(items, ({ item }) => item.amount_fees),
    discounted: sum(applied, ({ application }) => application.amount),
    paid: sum(paymentRows, ({ payment }) => payment.amount),
  };
  const { public_link_hash: _hash, ...row } = invoice;
  return {
    ...row,
    invoice_type: row.invoice_type_id,
    facility: header.facility,
    product_type: header.product_type,
    contract: header.contract,
    team,
    customer: header.customer && { ...header.customer, credits: toDollars(header.customer.credits) },
    invoice_items: items.map(({ item, new_product, event }) => ({
      ...item,
      price: toDollars(item.price),
      amount_taxes: toDollars(item.amount_taxes),
      amount_fees: toDollars(item.amount_fees),
      total: toDollars(item.quantity * item.price + item.amount_taxes + item.amount_fees),
      new_product,
      /** The booked event's times (the invoice list's events dialog). */
      event,
    })),
    discounts: applied.map(({ application, discount }) => ({
      ...application,
      discount_id: application.discount_id ?? -1,
      amount: toDollars(application.amount),
      discount: discount && {
        ID: discount.ID, name: discount.name, is_percentage: discount.is_percentage,
        value: discount.is_percentage ? Number(discount.value ?? 0) : toDollars(discount.amount ?? 0),
      },
    })),
    payments: paymentRows.map(({ payment, player: who }) => ({ ...payment, amount: toDollars(payment.amount), player: who })),
    ...totalsWire(figures),
  };
}

export type InvoiceView = Awaited<ReturnType<typeof invoiceView>>;

/** The invoices of some rows, as views, in the rows' order. */
export async function invoiceViews(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select().from(invoices).where(inArray(invoices.ID, ids));
  const byId = new Map(rows.map((r) => [r.ID, r]));
  const views = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) views.push(await invoiceView(db, row));
  }
  return views;
}

/** Only for where a subset of the invoice is public. */
export const publicView = (view: InvoiceView) => ({
  ID: view.ID,
  date: view.date,
  comment: view.comment,
  reversed: view.reversed,
  reversal: view.reversal,
  facility: { name: view.facility.name, address: view.facility.address, time_zone: view.facility.time_zone },
  customer: view.customer && { first_name: view.customer.first_name, last_name: view.customer.last_name },
  invoice_items: view.invoice_items.map(({ ID, new_product, price, quantity, comment, amount_taxes, amount_fees, total }) => ({
    ID, product: new_product?.name ?? '', price, quantity, comment, amount_taxes, amount_fees, total,
  })),
  discounts: view.discounts.map(({ ID, amount, comment, discount }) => ({ ID, amount, name: discount?.name ?? comment })),
  payments: view.payments.map(({ ID, amount, type, CreatedAt }) => ({ ID, amount, type, CreatedAt })),
  invoiced: view.invoiced, taxes: view.taxes, fees: view.fees, total: view.total,
  discounted: view.discounted, paid: view.paid, balance: view.balance,
});

