import { sql } from 'drizzle-orm';
import { defaultTimeZone } from '../../../core/time';
import type { Db } from '../client';
import { facilities } from '../schema';

// The facilities of the spec's time-zone table, plus hidden technical ones (ids ≥ 997).
const NAMED: Array<[number, string, string, string, number]> = [
  [1, 'Touchline Brooklyn', 'Brooklyn', '210 Kent Ave, Brooklyn, NY 11249', 0.08875],
  [2, 'Touchline Queens', 'Queens', '37-11 35th Ave, Queens, NY 11101', 0.08875],
  [3, 'Touchline Bronx', 'Bronx', '1 Yankee Pl, Bronx, NY 10451', 0.08875],
  [4, 'Touchline Staten Island', 'Staten Island', '150 Bay St, Staten Island, NY 10301', 0.08875],
  [5, 'Touchline Long Island', 'Long Island', '1 Stadium Way, Uniondale, NY 11553', 0.08625],
  [6, 'Touchline Los Angeles', 'Los Angeles', '1200 S Figueroa St, Los Angeles, CA 90015', 0.095],
  [7, 'Touchline Santa Monica', 'Santa Monica', '1550 Ocean Ave, Santa Monica, CA 90401', 0.1025],
  [8, 'Touchline Pasadena', 'Pasadena', '300 E Colorado Blvd, Pasadena, CA 91101', 0.1025],
  [9, 'Touchline Long Beach', 'Long Beach', '100 Aquarium Way, Long Beach, CA 90802', 0.1025],
  [10, 'Touchline Irvine', 'Irvine', '2 Park Plaza, Irvine, CA 92614', 0.0775],
  [11, 'Touchline Chicago', 'Chicago', '1901 W Madison St, Chicago, IL 60612', 0.1025],
  [12, 'Touchline San Diego', 'San Diego', '100 Park Blvd, San Diego, CA 92101', 0.0775],
  [13, 'Touchline Anaheim', 'Anaheim', '2000 E Gene Autry Way, Anaheim, CA 92806', 0.0775],
  [997, 'Online store', '', '', 0],
  [998, 'Head office', '', '', 0],
];

export async function seedFacilities(db: Db): Promise<void> {
  await db.insert(facilities).values(
    NAMED.map(([ID, name, nickname, address, tax_rate]) => ({
      ID, name, nickname, address, tax_rate, processing_fee: ID < 997 ? 0.03 : 0, time_zone: defaultTimeZone(ID),
    })),
  );
  // Explicit ids were inserted: move the sequence past them.
  await db.execute(sql`select setval(pg_get_serial_sequence('facilities', 'id'), (select max(id) from facilities))`);
}
