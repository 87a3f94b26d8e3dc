import { formatDate, formatDateTime } from '../../../../core/time';
import { money as dollars } from '../../../kit/components/format';

// How report figures read: money (dollars on the wire) as "$1,234.50" (the kit's money), instants in
// the row's facility zone.

export const money = (value: unknown) => dollars(typeof value === 'number' ? value : null);
export const dateTime = (seconds: unknown, zone: unknown) => (typeof seconds === 'number' ? formatDateTime(seconds, String(zone || 'America/New_York')) : '');
export const date = (seconds: unknown, zone: unknown) => (typeof seconds === 'number' ? formatDate(seconds, String(zone || 'America/New_York')) : '');
export const personName = (person: unknown) => {
  const p = person as { first_name?: string; last_name?: string } | null;
  return p ? `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() : '';
};
