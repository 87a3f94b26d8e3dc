import { useEffect, useState } from 'react';
import type { Offering } from '../../core/api/portalOfferings';
import { zonedTime } from '../../core/time';
import type { Language, Translate } from './i18n';
import './messages';
import './registerMessages';

// What a hold names besides who registers (issue 44): a pickup session's game, or a rental's field, day,
// start and length, picked in the facility's time zone.

export interface HoldDetails {
  event_id?: number;
  rental?: { field_id: number; start_date: number; end_date: number };
}

/** Whether the family holds places of the offering here (a division's team entry is registered from its own page). */
export const holdsOnline = (o: Offering) => (o.type === 'league' || o.type === 'tournament' ? o.registration === 'individual' : o.registration === 'participant');

/** Whether a full offering has a waitlist to join here (classes, camps and pickup games; a division's team places from its own page). */
export const hasWaitlist = (o: Offering) => o.type === 'class' || o.type === 'camp' || o.type === 'pickup';

/** A game's or a rental's time, in the facility's zone. */
export const slotText = (start: number, end: number, language: Language, timeZone: string) => {
  const time = { hour: 'numeric', minute: '2-digit', timeZone } as const;
  return `${new Intl.DateTimeFormat(language, { weekday: 'short', month: 'short', day: 'numeric', ...time }).format(start * 1000)} – ${new Intl.DateTimeFormat(language, time).format(end * 1000)}`;
};

const LENGTHS = [60, 90, 120];

interface Props { t: Translate; language: Language; offering: Offering; group: string; onChange(details: HoldDetails): void }

export function HoldDetailsInputs(props: Props) {
  if (props.offering.type === 'pickup') return <PickupGame {...props} />;
  if (props.offering.type === 'rental') return <RentalTime {...props} />;
  return null;
}

/** A full game stays choosable: its waitlist may be joined. */
function PickupGame({ t, language, offering: o, group, onChange }: Props) {
  const [game, setGame] = useState(() => o.slots.find((s) => s.seats_left !== 0)?.event_id ?? o.slots[0]?.event_id);
  useEffect(() => onChange({ event_id: game }), [game, onChange]);
  const zone = o.time_zone ?? 'UTC';
  return (
    <p>
      <label htmlFor={`${group}-game`}>{t('portal.register.game')}</label>{' '}
      <select id={`${group}-game`} value={game} onChange={(e) => setGame(Number(e.target.value))}>
        {o.slots.map((s) => (
          <option key={s.event_id} value={s.event_id}>
            {slotText(s.start_date, s.end_date, language, zone)}{s.seats_left === null ? '' : ` · ${s.waitlist_open ? t('portal.register.gameFull') : t('portal.register.seats', { count: String(s.seats_left) })}`}
          </option>
        ))}
      </select>
    </p>
  );
}

function RentalTime({ t, offering: o, group, onChange }: Props) {
  const fields = o.fields ?? [];
  const [field, setField] = useState(fields[0]?.ID);
  const [day, setDay] = useState('');
  const [start, setStart] = useState('');
  const [length, setLength] = useState(LENGTHS[0]);
  useEffect(() => {
    const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
    const time = /^(\d{2}):(\d{2})$/.exec(start);
    if (!date || !time || field === undefined) return onChange({});
    const begins = zonedTime(Number(date[1]), Number(date[2]), Number(date[3]), Number(time[1]) * 60 + Number(time[2]), o.time_zone ?? 'UTC');
    onChange({ rental: { field_id: field, start_date: begins, end_date: begins + length * 60 } });
  }, [field, day, start, length, o.time_zone, onChange]);
  return (
    <>
      <p>
        <label htmlFor={`${group}-field`}>{t('portal.register.field')}</label>{' '}
        <select id={`${group}-field`} value={field} onChange={(e) => setField(Number(e.target.value))}>
          {fields.map((f) => <option key={f.ID} value={f.ID}>{f.name}</option>)}
        </select>
      </p>
      <p>
        <label htmlFor={`${group}-day`}>{t('portal.register.day')}</label>{' '}
        <input id={`${group}-day`} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
      </p>
      <p>
        <label htmlFor={`${group}-start`}>{t('portal.register.start')}</label>{' '}
        <input id={`${group}-start`} type="time" step={1800} value={start} onChange={(e) => setStart(e.target.value)} />
      </p>
      <p>
        <label htmlFor={`${group}-length`}>{t('portal.register.length')}</label>{' '}
        <select id={`${group}-length`} value={length} onChange={(e) => setLength(Number(e.target.value))}>
          {LENGTHS.map((m) => <option key={m} value={m}>{t('portal.register.minutes', { count: String(m) })}</option>)}
        </select>
      </p>
      <p>{t('portal.register.hourPrice')}</p>
    </>
  );
}
