import { and, asc, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BookingProduct, BookingProducts } from '../../../core/api/events';
import { isPricedBooking } from '../../../core/constants';
import { toDollars } from '../../../core/money';
import { bookingPrice } from '../../../core/pricing';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { gls, productFieldTypes, productVariations, products } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { FieldRow } from './access';

// The product a calendar booking takes (issue 22 item 1): of a priced type (core/constants
// isPricedBooking), the type's product sold at the field's facility (an available variation) for the
// field's type: one linked to that field type first, else one linked to none (any field); the lowest ID
// among equals. Priced as GET /product/prices/{id}?booking_date=1 prices it: core/pricing's
// bookingPrice over the facility's prices, by the field's peak hours in the facility's zone.

interface Sold {
  variation: typeof productVariations.$inferSelect;
  product: { ID: number; name: string; duration: number };
  product_type_id: number;
  /** The field types the product is limited to (none: any field). */
  fieldTypes: number[];
}

/** The products sold (available, not deleted) at a facility, matching `only`, by type then ID. */
const soldWhere = (facility: SQLWrapper, only: SQL | undefined) =>
  and(eq(productVariations.facility_id, facility), eq(productVariations.available, true), isNull(products.deleted_at), only);

function soldSelect(db: Db | Tx) {
  return db
    .select({
      variation: productVariations, product: { ID: products.ID, name: products.name, duration: products.duration }, product_type_id: gls.product_type_id,
      fieldTypes: sql<number[]>`array(select ${productFieldTypes.field_type_id} from ${productFieldTypes} where ${productFieldTypes.new_product_id} = ${products.ID})`,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.ID, productVariations.new_product_id))
    .innerJoin(gls, eq(gls.ID, products.gl_id));
}

/** Those of one type, prepared (server/db/prepared.ts): every booking's price and the portal's offerings read them. */
const soldOfType = perDatabase((db) => soldSelect(db)
  .where(soldWhere(sql.placeholder('facility'), eq(gls.product_type_id, sql.placeholder('type'))))
  .orderBy(asc(gls.product_type_id), asc(products.ID))
  .prepare('products_sold_of_type'));

/** The products sold (available, not deleted) at a facility, of one type or the one product when given, by type then ID: one statement. */
async function productsSold(db: Db | Tx, facilityId: number, only: { productTypeId?: number; newProductId?: number } = {}): Promise<Sold[]> {
  if (only.productTypeId !== undefined && only.newProductId === undefined) return soldOfType(db).execute({ facility: facilityId, type: only.productTypeId });
  return soldSelect(db)
    .where(soldWhere(sql`${facilityId}`, only.newProductId === undefined ? undefined : eq(products.ID, only.newProductId)))
    .orderBy(asc(gls.product_type_id), asc(products.ID));
}

/** The product of `productTypeId` a booking on `field` takes, or null when none is sold there for its field type. */
function fitting(sold: Sold[], productTypeId: number, field: FieldRow): Sold | null {
  const ofType = sold.filter((s) => s.product_type_id === productTypeId);
  const onFieldType = ofType.find((s) => field.new_field_type_id !== null && s.fieldTypes.includes(field.new_field_type_id));
  return onFieldType ?? ofType.find((s) => s.fieldTypes.length === 0) ?? null;
}

/** A sold product priced for a booking from start to end on the field. */
function priced(sold: Sold, field: FieldRow, zone: string, start: number, end: number): BookingProduct {
  const quote = bookingPrice({ ...sold.variation, duration: sold.product.duration }, { start, end }, field, zone);
  return {
    product_id: sold.variation.ID, new_product_id: sold.product.ID, name: sold.product.name, product_type_id: sold.product_type_id,
    price: toDollars(quote.price), peak_minutes: quote.peak_minutes, off_peak_minutes: quote.off_peak_minutes,
  };
}

/** GET /event/product: the product a booking takes, and when none fits, every product sold at the facility (the type's first). */
export async function bookingProducts(db: Db | Tx, booking: { product_type_id: number; start: number; end: number }, field: FieldRow, zone: string): Promise<BookingProducts> {
  const { product_type_id, start, end } = booking;
  if (!isPricedBooking(product_type_id)) return { priced: false, product: null, choices: [] };
  const sold = await productsSold(db, field.facility_id);
  const found = fitting(sold, product_type_id, field);
  const choices = found ? [] : [...sold.filter((s) => s.product_type_id === product_type_id), ...sold.filter((s) => s.product_type_id !== product_type_id)];
  return {
    priced: true,
    product: found && priced(found, field, zone, start, end),
    choices: choices.map((s) => priced(s, field, zone, start, end)),
  };
}

/**
 * The product of `productTypeId` a booking from start to end takes on each of `fields` (all of the
 * facility `facilityId`), priced: bookingProducts' product for each field, the facility's products read
 * once for them all; null where none fits.
 */
export async function bookingProductsOn(db: Db | Tx, productTypeId: number, facilityId: number, fields: FieldRow[], times: { start: number; end: number }, zone: string): Promise<Array<BookingProduct | null>> {
  if (!isPricedBooking(productTypeId) || !fields.length) return fields.map(() => null);
  const sold = await productsSold(db, facilityId, { productTypeId });
  return fields.map((field) => {
    const found = fitting(sold, productTypeId, field);
    return found && priced(found, field, zone, times.start, times.end);
  });
}

/**
 * The product columns of a new booking: the product it names, when sold at the field's facility (else
 * 400); else, of a priced type, the one that fits (or none).
 */
export async function bookingProductColumns(tx: Tx, booking: { product_type_id: number; new_product_id?: number | null }, field: FieldRow): Promise<ProductColumns> {
  if (booking.new_product_id) {
    const [sold] = await productsSold(tx, field.facility_id, { newProductId: booking.new_product_id });
    if (!sold) throw badRequest(`new_product_id: product ${booking.new_product_id} is not sold at this facility`);
    return { new_product_id: sold.product.ID, product_id: sold.variation.ID };
  }
  if (!isPricedBooking(booking.product_type_id)) return { new_product_id: null, product_id: null };
  const found = fitting(await productsSold(tx, field.facility_id, { productTypeId: booking.product_type_id }), booking.product_type_id, field);
  return { new_product_id: found?.product.ID ?? null, product_id: found?.variation.ID ?? null };
}

export interface ProductColumns { new_product_id: number | null; product_id: number | null }

/** The product a booking names, priced for its time on its field; null when it names none or it is no longer sold there. */
export async function bookingQuote(tx: Tx, event: { new_product_id: number | null; start_date: number; end_date: number }, field: FieldRow, zone: string): Promise<BookingProduct | null> {
  if (!event.new_product_id) return null;
  const [sold] = await productsSold(tx, field.facility_id, { newProductId: event.new_product_id });
  return sold ? priced(sold, field, zone, event.start_date, event.end_date) : null;
}
