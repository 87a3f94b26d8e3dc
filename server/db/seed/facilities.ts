import { defaultTimeZone } from '../../../core/time';
import { facilities } from '../schema';
import type { Writer } from './writer';

export interface DemoFacility {
  ID: number;
  name: string;
  nickname: string;
  address: string;
  /** A fraction. */
  tax_rate: number;
  /** Demo data only: the city and state customers of the facility live in, and their area codes. */
  city: string;
  state: string;
  areaCodes: string[];
  /** How many fields it has. */
  fieldCount: number;
  /** Its prices relative to the list prices. */
  priceFactor: number;
  /** Its share of the customers. */
  weight: number;
}

const facility = (
  ID: number, nickname: string, address: string, tax_rate: number, city: string, state: string,
  areaCodes: string[], fieldCount: number, priceFactor: number, weight: number,
): DemoFacility => ({ ID, name: `Touchline ${nickname}`, nickname, address, tax_rate, city, state, areaCodes, fieldCount, priceFactor, weight });

/** The facilities of the spec's time-zone table (1–5 New York, 11 Chicago, 6–10, 12 and 13 Los Angeles). */
export const FACILITIES: DemoFacility[] = [
  facility(1, 'Brooklyn', '210 Kent Ave, Brooklyn, NY 11249', 0.08875, 'Brooklyn', 'NY', ['718', '347'], 4, 1, 3),
  facility(2, 'Queens', '37-11 35th Ave, Queens, NY 11101', 0.08875, 'Queens', 'NY', ['718', '929'], 3, 0.95, 2),
  facility(3, 'Bronx', '1 Yankee Pl, Bronx, NY 10451', 0.08875, 'Bronx', 'NY', ['718', '646'], 3, 0.9, 2),
  facility(4, 'Staten Island', '150 Bay St, Staten Island, NY 10301', 0.08875, 'Staten Island', 'NY', ['718'], 2, 0.9, 1),
  facility(5, 'Long Island', '1 Stadium Way, Uniondale, NY 11553', 0.08625, 'Uniondale', 'NY', ['516'], 4, 1, 2),
  facility(6, 'Los Angeles', '1200 S Figueroa St, Los Angeles, CA 90015', 0.095, 'Los Angeles', 'CA', ['213', '323'], 3, 1.1, 2),
  facility(7, 'Santa Monica', '1550 Ocean Ave, Santa Monica, CA 90401', 0.1025, 'Santa Monica', 'CA', ['310'], 2, 1.2, 1),
  facility(8, 'Pasadena', '300 E Colorado Blvd, Pasadena, CA 91101', 0.1025, 'Pasadena', 'CA', ['626'], 3, 1.05, 1),
  facility(9, 'Long Beach', '100 Aquarium Way, Long Beach, CA 90802', 0.1025, 'Long Beach', 'CA', ['562'], 2, 1, 1),
  facility(10, 'Irvine', '2 Park Plaza, Irvine, CA 92614', 0.0775, 'Irvine', 'CA', ['949'], 3, 1.05, 1),
  facility(11, 'Chicago', '1901 W Madison St, Chicago, IL 60612', 0.1025, 'Chicago', 'IL', ['312', '773'], 4, 0.95, 2),
  facility(12, 'San Diego', '100 Park Blvd, San Diego, CA 92101', 0.0775, 'San Diego', 'CA', ['619', '858'], 3, 1, 1),
  facility(13, 'Anaheim', '2000 E Gene Autry Way, Anaheim, CA 92806', 0.0775, 'Anaheim', 'CA', ['714'], 2, 0.95, 1),
];

/** Every facility's processing fee. */
export const PROCESSING_FEE = 0.03;

/** Technical facilities, hidden from selectors (ids ≥ 997). */
const HIDDEN: Array<[number, string]> = [[997, 'Online store'], [998, 'Head office']];

export function seedFacilities(writer: Writer): void {
  for (const f of FACILITIES) {
    writer.add(facilities, {
      ID: f.ID, name: f.name, nickname: f.nickname, address: f.address, tax_rate: f.tax_rate,
      processing_fee: PROCESSING_FEE, time_zone: defaultTimeZone(f.ID),
    });
  }
  for (const [ID, name] of HIDDEN) writer.add(facilities, { ID, name, processing_fee: 0, time_zone: defaultTimeZone(ID) });
}
