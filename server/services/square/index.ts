import { and, desc, eq, inArray } from 'drizzle-orm';
import { FACILITY } from '../../../core/constants';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { integrations } from '../../db/schema';
import { conflict } from '../../http/errors';
import { SQUARE_NOT_SET_UP, type SquareClient } from './client';
import { httpSquare, type SquareAccount } from './http';
import { simulatorSquare, type SimulatorControls } from './simulator';

export * from './client';
export type { SimulatorControls } from './simulator';

export type Square = SquareClient & { simulator?: SimulatorControls };

/**
 * The simulator unless SQUARE_ENV is sandbox or production; then Square itself, with the access token
 * of the facility's square integration (or the network-wide one of every facility, 999999), else
 * SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID.
 */
export function createSquare(config: Pick<Config, 'square'>, db: Db): Square {
  const { square } = config;
  if (square.env === 'simulator') return simulatorSquare(db);
  const env = square.env;
  return httpSquare({ mode: env, baseUrl: square.apiUrl, account: (facilityId) => squareAccount(db, facilityId, { ...square, env }) });
}

async function squareAccount(db: Db, facilityId: number, square: Config['square'] & { env: SquareAccount['environment'] }): Promise<SquareAccount> {
  const rows = await db.select({ facility_id: integrations.facility_id, data: integrations.data }).from(integrations)
    .where(and(eq(integrations.type, 'square'), inArray(integrations.facility_id, [facilityId, FACILITY.ALL_INTEGRATIONS])))
    .orderBy(desc(integrations.ID));
  // The facility's own integration first, then the network-wide one.
  const row = rows.find((r) => r.facility_id === facilityId) ?? rows[0];
  if (row) {
    const data = readData(row.data);
    if (typeof data.access_token === 'string' && data.access_token) {
      return {
        accessToken: data.access_token,
        locationId: typeof data.location_id === 'string' ? data.location_id : '',
        environment: data.environment === 'sandbox' || data.environment === 'production' ? data.environment : square.env,
      };
    }
  }
  if (square.accessToken) return { accessToken: square.accessToken, locationId: square.locationId ?? '', environment: square.env };
  throw conflict(SQUARE_NOT_SET_UP);
}

function readData(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}
