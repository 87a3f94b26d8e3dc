import { formatUsd, toCents } from '../../../core/money';
import { formatDate, formatDateTime } from '../../../core/time';

// How report figures read: money (dollars on the wire) as "$1,234.50" (core/money),
// instants in the row's facility zone.

export const money = (dollars: unknown) => (typeof dollars === 'number' ? formatUsd(toCents(dollars)) : 'N/A');
export const dateTime = (seconds: unknown, zone: unknown) => (typeof seconds === 'number' ? formatDateTime(seconds, String(zone || 'America/New_York')) : '');
export const date = (seconds: unknown, zone: unknown) => (typeof seconds === 'number' ? formatDate(seconds, String(zone || 'America/New_York')) : '');
export const personName = (person: unknown) => {
  const p = person as { first_name?: string; last_name?: string } | null;
  return p ? `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() : '';
};
