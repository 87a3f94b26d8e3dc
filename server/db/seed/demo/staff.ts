import type { Role } from '../../../../core/constants';
import { users } from '../../schema';
import { FACILITIES } from '../facilities';
import type { Executor, Writer } from '../writer';
import type { Staff } from './context';

// Staff beyond the demo logins: a manager for every facility without one, and two coaches and two
// referees each. The second of each has not signed up yet (no password).

const PEOPLE: Record<'manager' | 'coach' | 'referee', Array<[string, string]>> = {
  manager: [['Nora', 'Bennett'], ['Victor', 'Hale'], ['Priya', 'Raman'], ['Sam', 'Ortega'], ['June', 'Park'], ['Ali', 'Karimi']],
  coach: [['Tess', 'Morgan'], ['Bruno', 'Alves'], ['Ines', 'Vidal'], ['Kofi', 'Boateng'], ['Lena', 'Fischer'], ['Marco', 'Bianchi']],
  referee: [['Pierluigi', 'Conti'], ['Howard', 'Webb'], ['Bibiana', 'Stein'], ['Mark', 'Geiger'], ['Kari', 'Seitz'], ['Ismail', 'Elfath']],
};

export async function seedDemoStaff(db: Executor, writer: Writer, passwordHash: string): Promise<Staff> {
  const existing = await db.select({ ID: users.ID, user_type: users.user_type, facility_id: users.facility_id }).from(users).orderBy(users.ID);
  const staff: Staff = { admin: existing.find((u) => u.user_type === 'admin')?.ID ?? 1, managers: new Map(), coaches: new Map(), referees: new Map() };
  const mapOf = (role: Role) => (role === 'manager' ? staff.managers : role === 'coach' ? staff.coaches : role === 'referee' ? staff.referees : null);
  const note = (role: Role, facilityId: number, ID: number) => {
    const map = mapOf(role);
    if (map) map.set(facilityId, [...(map.get(facilityId) ?? []), ID]);
  };
  for (const u of existing) note(u.user_type, u.facility_id, u.ID);

  let n = 0;
  for (const f of FACILITIES) {
    const handle = f.nickname.toLowerCase().replace(/[^a-z]/g, '');
    const wanted: Array<['manager' | 'coach' | 'referee', number]> = [['manager', 1], ['coach', 2], ['referee', 2]];
    for (const [role, count] of wanted) {
      for (let i = (mapOf(role)!.get(f.ID) ?? []).length; i < count; i++) {
        const [first_name, last_name] = PEOPLE[role][n++ % PEOPLE[role].length];
        const ID = writer.add(users, {
          email: `${role}.${handle}${i + 1}@touchline.test`, user_type: role, facility_id: f.ID, first_name, last_name,
          phone: `+1${f.areaCodes[0]}55501${String(n % 100).padStart(2, '0')}`, password_hash: i === 0 ? passwordHash : null,
        });
        note(role, f.ID, ID);
      }
    }
  }
  return staff;
}
