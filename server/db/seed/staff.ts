import type { Role } from '../../../core/constants';
import { hashPassword } from '../../auth/password';
import { users } from '../schema';
import type { Writer } from './writer';

export const DEMO_PASSWORD = 'touchline';

/** Demo staff: one login per role, all with the password `touchline`. */
export const DEMO_STAFF: Array<{ email: string; user_type: Role; facility_id: number; first_name: string; last_name: string; phone: string }> = [
  { email: 'admin@touchline.test', user_type: 'admin', facility_id: 1, first_name: 'Ada', last_name: 'Admin', phone: '+12125550100' },
  { email: 'manager@touchline.test', user_type: 'manager', facility_id: 1, first_name: 'Marta', last_name: 'Manager', phone: '+12125550101' },
  { email: 'manager2@touchline.test', user_type: 'manager', facility_id: 2, first_name: 'Quinn', last_name: 'Queens', phone: '+17185550102' },
  { email: 'mod@touchline.test', user_type: 'mod', facility_id: 1, first_name: 'Moe', last_name: 'Moderator', phone: '+12125550103' },
  { email: 'coach@touchline.test', user_type: 'coach', facility_id: 1, first_name: 'Carla', last_name: 'Coach', phone: '+12125550104' },
  { email: 'referee@touchline.test', user_type: 'referee', facility_id: 1, first_name: 'Rafa', last_name: 'Referee', phone: '+12125550105' },
];

/** The demo logins' shared password hash (deliberately slow: start it early where that helps). */
export const demoPasswordHash = (scryptLogN: number) => hashPassword(DEMO_PASSWORD, scryptLogN);

/** Adds the demo logins; returns the password hash they share, for other demo staff. */
export async function seedStaff(writer: Writer, scryptLogN: number, hashed?: Promise<string>): Promise<string> {
  // One hash serves every demo login: they share the password and hashing is deliberately slow.
  const password_hash = await (hashed ?? demoPasswordHash(scryptLogN));
  for (const s of DEMO_STAFF) writer.add(users, { ...s, password_hash });
  return password_hash;
}
