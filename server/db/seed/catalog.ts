import { LIGHT_BLUE } from '../../../core/calendar';
import { AGE_GROUP, PRODUCT_TYPE, SPECIAL_NEW_PRODUCT_ID } from '../../../core/constants';
import {
  ageGroups, fees, gls, productFees, productFieldTypes, productTaxes, productTypes, productVariations, products,
  seasons, taxes,
} from '../schema';
import { FACILITIES } from './facilities';
import { FIELD_TYPE } from './fields';
import type { Writer } from './writer';

// What the network sells: product types with the spec's special ids, GL codes, taxes and fees, and
// the products with their list prices and one variation per facility.

type Category = (typeof productTypes.$inferInsert)['category'];
// [ID, name, category, reporting, GL code, colour, showInCalendar, allow_for_contract]
export const PRODUCT_TYPES: Array<[number, string, Category, string, string, string, boolean, boolean]> = [
  [1, 'Adult Rental', 'rental', 'Adult Rentals', '10000', '#4caf50', true, false],
  [2, 'Adult Rental - Block-Booking', 'rental', 'Adult Rentals', '10100', '#2e7d32', true, true],
  [3, 'Adult League', 'league', 'Adult Leagues', '01000', LIGHT_BLUE, true, false],
  [4, 'Adult Tournament', 'tournament', 'Adult Tournaments', '04000', LIGHT_BLUE, true, false],
  [5, 'Pickup', 'event', 'Adult Pickup', '11000', '#ff9800', true, false],
  [6, 'Youth Rental', 'rental', 'Youth Rentals', '10200', '#8bc34a', true, false],
  [7, 'Youth Rental - Contract', 'rental', 'Youth Rentals', '10300', '#558b2f', true, true],
  [8, 'Youth League', 'league', 'Youth Leagues', '02000', LIGHT_BLUE, true, false],
  [9, 'Youth Tournament', 'tournament', 'Youth Tournaments', '03000', LIGHT_BLUE, true, false],
  [10, 'Youth Class', 'class', 'Youth Classes', '14001', '#9c27b0', true, false],
  [11, 'Events', 'event', 'Adult Events', '12000', '#e91e63', true, true],
  [12, 'Birthday Party', 'event', 'Youth Parties', '13000', '#ff4081', true, false],
  [13, 'Block', 'block', 'Blocks', '', '#9e9e9e', true, false],
  [14, 'Soccernaut', 'event', 'Youth Soccernaut', '15000', '#00bcd4', true, false],
  [15, 'Bar', 'aux', 'Adult Bar', '41000', '#795548', false, false],
  [16, 'Merchandise', 'aux', 'Adult Merchandise', '42000', '#607d8b', false, false],
  [17, 'Youth Camp', 'class', 'Youth Camps', '14002', '#673ab7', true, false],
  [18, 'Membership', 'aux', 'Memberships', '60000', '#ffc107', false, false],
  [19, 'Maintenance', 'block', 'Blocks', '', '#616161', true, false],
  [20, 'Outdoor Rental', 'rental', 'Adult Rentals', '10400', '#cddc39', true, false],
  [21, "Lil' Kickers", 'class', 'Youth Classes', '14101', '#ba68c8', true, false],
];

export const SEASONS = ['Spring', 'Summer', 'Fall', 'Winter'] as const;

/** GL ids by code; a GL files its products under one product type (and the camp one under Summer). */
const GLS: Array<[string, number]> = PRODUCT_TYPES.filter(([, , , , code]) => code).map(([typeId, , , , code]) => [code, typeId]);
const glId = (code: string) => GLS.findIndex(([c]) => c === code) + 1;

export const TAX = { NY: 1, CA: 2, IL: 3 } as const;
const TAXES: Array<[string, number]> = [['NY Sales Tax', 8.875], ['CA Sales Tax', 9.5], ['IL Sales Tax', 10.25]];
const FEES: Array<[string, number]> = [['Card processing', 3], ['Online booking', 1.5]];

export interface Prices {
  base_price?: number;
  full_price?: number;
  team_price?: number;
  deposit_price?: number;
  early_bird_price?: number;
  individual_price?: number;
  peak_price?: number;
  off_peak_price?: number;
}

export interface DemoProduct {
  ID: number;
  name: string;
  gl: string;
  /** The product type its GL files it under. */
  typeId: number;
  prices: Prices;
  /** Seconds. */
  duration?: number;
  prorate?: boolean;
  fieldTypes?: number[];
  taxed: boolean;
}

const HOUR = 3600;
const DAY = 86400;
const INDOOR = [FIELD_TYPE.FIVE, FIELD_TYPE.SEVEN, FIELD_TYPE.FUTSAL];

/** Product ids the demo refers to. */
export const PRODUCT = {
  ADULT_LEAGUE: 1, YOUTH_LEAGUE: 2, YOUTH_TOURNAMENT: 3, ADULT_TOURNAMENT: 4,
  ADULT_RENTAL: 5, BLOCK_BOOKING: 6, YOUTH_RENTAL: 7, YOUTH_CONTRACT: 8, OUTDOOR_RENTAL: 9,
  PICKUP: 10, PRIVATE_EVENT: 11, BIRTHDAY: 12, YOUTH_CLASS: 13, CAMP: 14, LIL_KICKERS: 15, SOCCERNAUT: 16,
  BEER: 17, JERSEY: 18, ANNUAL_MEMBERSHIP: 19, MONTHLY_MEMBERSHIP: 20, CUSTOM: SPECIAL_NEW_PRODUCT_ID,
} as const;

const product = (ID: number, name: string, gl: string, prices: Prices, extra: Partial<DemoProduct> = {}): DemoProduct => ({
  ID, name, gl, typeId: GLS.find(([c]) => c === gl)![1], prices, taxed: true, ...extra,
});

export const PRODUCTS: DemoProduct[] = [
  product(PRODUCT.ADULT_LEAGUE, 'Adult League Team Fee', '01000',
    { team_price: 120000, full_price: 120000, deposit_price: 30000, early_bird_price: 105000, individual_price: 12000 }),
  product(PRODUCT.YOUTH_LEAGUE, 'Youth League Team Fee', '02000',
    { team_price: 90000, full_price: 90000, deposit_price: 20000, early_bird_price: 80000, individual_price: 9000 }),
  product(PRODUCT.YOUTH_TOURNAMENT, 'Youth Tournament Entry', '03000',
    { team_price: 40000, full_price: 40000, deposit_price: 10000, early_bird_price: 35000, individual_price: 5000 }),
  product(PRODUCT.ADULT_TOURNAMENT, 'Adult Tournament Entry', '04000', { team_price: 50000, full_price: 50000, deposit_price: 15000 }),
  product(PRODUCT.ADULT_RENTAL, 'Adult Field Rental', '10000', { base_price: 15000, peak_price: 18000, off_peak_price: 12000 },
    { duration: HOUR, fieldTypes: INDOOR }),
  product(PRODUCT.BLOCK_BOOKING, 'Block-Booking Rental', '10100', { base_price: 12000, peak_price: 15000, off_peak_price: 10000 },
    { duration: HOUR, fieldTypes: INDOOR }),
  product(PRODUCT.YOUTH_RENTAL, 'Youth Field Rental', '10200', { base_price: 11000, peak_price: 13000, off_peak_price: 9000 },
    { duration: HOUR, fieldTypes: INDOOR }),
  product(PRODUCT.YOUTH_CONTRACT, 'Youth Contract Rental', '10300', { base_price: 10000, peak_price: 12000, off_peak_price: 8500 },
    { duration: HOUR, fieldTypes: INDOOR }),
  product(PRODUCT.OUTDOOR_RENTAL, 'Outdoor Field Rental', '10400', { base_price: 9000, peak_price: 11000, off_peak_price: 7500 },
    { duration: HOUR, fieldTypes: [FIELD_TYPE.OUTDOOR] }),
  product(PRODUCT.PICKUP, 'Pickup Drop-in', '11000', { full_price: 1500 }),
  product(PRODUCT.PRIVATE_EVENT, 'Private Event', '12000', { base_price: 50000 }, { duration: 2 * HOUR }),
  product(PRODUCT.BIRTHDAY, 'Birthday Party Package', '13000',
    { full_price: 35000, deposit_price: 10000, early_bird_price: 32000, individual_price: 2500 }),
  product(PRODUCT.YOUTH_CLASS, 'Youth Class Season', '14001', { base_price: 24000, individual_price: 3000 }, { prorate: true }),
  product(PRODUCT.CAMP, 'Summer Camp Week', '14002', { base_price: 30000, individual_price: 7500 }),
  product(PRODUCT.LIL_KICKERS, "Lil' Kickers Session", '14101', { base_price: 18000, individual_price: 2500 }, { prorate: true }),
  product(PRODUCT.SOCCERNAUT, 'Soccernaut Session', '15000', { full_price: 2500 }),
  product(PRODUCT.BEER, 'Draft Beer', '41000', { base_price: 700 }),
  product(PRODUCT.JERSEY, 'Team Jersey', '42000', { base_price: 3500 }),
  product(PRODUCT.ANNUAL_MEMBERSHIP, 'Annual Membership', '60000', { base_price: 5000 }, { duration: 365 * DAY, taxed: false }),
  product(PRODUCT.MONTHLY_MEMBERSHIP, 'Monthly Membership', '60000', { base_price: 1000 }, { duration: 30 * DAY, taxed: false }),
  product(PRODUCT.CUSTOM, 'Custom booking', '12000', { base_price: 0 }),
];

export function productById(id: number): DemoProduct {
  const found = PRODUCTS.find((p) => p.ID === id);
  if (!found) throw new Error(`No demo product ${id}`);
  return found;
}

/** The id of a product's variation at a facility: one per product and named facility, in order. */
export function variationId(productId: number, facilityId: number): number {
  return PRODUCTS.findIndex((p) => p.ID === productId) * FACILITIES.length + FACILITIES.findIndex((f) => f.ID === facilityId) + 1;
}

/** A product's prices at a facility: the list prices times the facility's factor, in whole dollars. */
export function facilityPrices(p: DemoProduct, facilityId: number): Required<Prices> {
  const factor = FACILITIES.find((f) => f.ID === facilityId)?.priceFactor ?? 1;
  const at = (cents = 0) => Math.round((cents * factor) / 100) * 100;
  const { prices } = p;
  return {
    base_price: at(prices.base_price), full_price: at(prices.full_price), team_price: at(prices.team_price),
    deposit_price: at(prices.deposit_price), early_bird_price: at(prices.early_bird_price),
    individual_price: at(prices.individual_price), peak_price: at(prices.peak_price), off_peak_price: at(prices.off_peak_price),
  };
}

export function seedCatalog(writer: Writer): void {
  writer.add(ageGroups, { ID: AGE_GROUP.ADULT, name: 'Adult' });
  writer.add(ageGroups, { ID: AGE_GROUP.YOUTH, name: 'Youth' });
  SEASONS.forEach((name, i) => writer.add(seasons, { ID: i + 1, name }));
  TAXES.forEach(([name, value], i) => writer.add(taxes, { ID: i + 1, name, value }));
  FEES.forEach(([name, value], i) => writer.add(fees, { ID: i + 1, name, value }));

  PRODUCT_TYPES.forEach(([ID, name, category, reporting, gl, color, showInCalendar, allow_for_contract], i) =>
    writer.add(productTypes, { ID, name, category, reporting, gl, ranking: i + 1, color, showInCalendar, allow_for_contract }));
  GLS.forEach(([code, product_type_id], i) => writer.add(gls, {
    ID: i + 1, code, product_type_id, season_id: product_type_id === PRODUCT_TYPE.CLASS_ALT ? SEASONS.indexOf('Summer') + 1 : null,
  }));

  for (const p of PRODUCTS) {
    writer.add(products, {
      ID: p.ID, name: p.name, gl_id: glId(p.gl), ...facilityPrices(p, 0), duration: p.duration ?? 0, prorate: p.prorate ?? false,
    });
    // Taxable in every state; an invoice applies its facility's rate.
    if (p.taxed) for (const product_tax_id of Object.values(TAX)) writer.add(productTaxes, { new_product_id: p.ID, product_tax_id });
    writer.add(productFees, { new_product_id: p.ID, product_fee_id: 1 });
    for (const field_type_id of p.fieldTypes ?? []) writer.add(productFieldTypes, { new_product_id: p.ID, field_type_id });
    for (const f of FACILITIES) {
      writer.add(productVariations, { ID: variationId(p.ID, f.ID), new_product_id: p.ID, facility_id: f.ID, ...facilityPrices(p, f.ID) });
    }
  }
}
