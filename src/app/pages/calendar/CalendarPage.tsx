import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, DialogActions, DialogContent, Link, MenuItem, TextField, Typography } from '@mui/material';
import { KitDialog } from '../../../kit/layout/KitDialog';
import AddIcon from '@mui/icons-material/Add';
import { Title, useNotify, usePermissions, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { Role } from '../../../../core/constants';
import { can } from '../../../../core/permissions';
import { formatDateTime, nowSeconds } from '../../../../core/time';
import { ALL_FACILITIES, session } from '../../../../dataProvider/session';
import { useTouchlineDataProvider } from '../../../../dataProvider';
import type { CalendarEvent } from '../../../../dataProvider/events';
import { sentence } from '../../../kit/i18n/sentence';
import { useFacilityChoices } from '../../../kit/layout/facilities';
import { EventDialog } from './EventDialog';
import { calendarFacility, earlyKey, earlyOr, openingDate, peekEarly, rememberZone, takeEarly, viewParam, viewRange } from './early';
import { FieldCalendar, type CalendarViewName } from './FieldCalendar';
import { RefereeCalendar } from './RefereeCalendar';
import { useCalendarOptions } from './useCalendarOptions';
import { dateParam, toWall } from './wallClock';
import './messages';

/**
 * /calendar: referees get the store buttons of their app; everyone else the field calendar of their
 * facility, or of the one an admin selected. An admin looking at 'All facilities' chooses the
 * facility on the page (?facility=), never silently facility 1.
 */
export default function CalendarPage() {
  const { permissions } = usePermissions<Role>();
  const [params, setParams] = useSearchParams();
  if (permissions === undefined) return null;
  if (permissions === 'referee') return <RefereeCalendar />;
  if (permissions !== 'admin' || session.facilitySelection() !== ALL_FACILITIES) return <FacilityCalendar facilityId={calendarFacility(permissions, params)!} />;
  const chosen = calendarFacility(permissions, params);
  const choose = (id: number) => setParams((p) => { const out = new URLSearchParams(p); out.set('facility', String(id)); return out; }, { replace: true });
  return (
    <>
      <FacilityChooser value={chosen} onChange={choose} />
      {chosen && <FacilityCalendar key={chosen} facilityId={chosen} />}
    </>
  );
}

/** Under 'All facilities': the facility whose calendar shows, asked for before anything is drawn. */
function FacilityChooser({ value, onChange }: { value: number | null; onChange(id: number): void }) {
  const translate = useTranslate();
  const facilities = useFacilityChoices();
  return (
    <Box sx={{ p: 1, display: 'grid', gap: 2, justifyItems: 'start' }}>
      {!value && <Title title={translate('page.calendar')} />}
      {!value && <Alert severity="info">{translate('calendar.choose_facility')}</Alert>}
      <TextField select size="small" label={translate('calendar.facility')} value={value ?? ''} sx={{ width: 320 }}
        onChange={(e) => onChange(Number(e.target.value))}>
        {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
      </TextField>
    </Box>
  );
}

interface Move { event: CalendarEvent; to: { field_id: number; start_date: number; end_date: number }; resolve(): void; reject(): void }

function FacilityCalendar({ facilityId }: { facilityId: number }) {
  const translate = useTranslate();
  // Coaches see their facility's calendar: no cell adds an event for them, no event moves or edits.
  const { permissions: role } = usePermissions<Role>();
  const notify = useNotify();
  const dataProvider = useTouchlineDataProvider();
  const [params, setParams] = useSearchParams();
  const { facility, fields, productTypes, error: failure } = useCalendarOptions(facilityId);
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState<{ field_id: number; start_date: number; end_date: number } | null>(null);
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const [move, setMove] = useState<Move | null>(null);
  const zone = facility?.time_zone;

  const initialDate = useMemo(() => (zone ? openingDate(params, zone) : new Date()), [zone]); // eslint-disable-line react-hooks/exhaustive-deps
  const view = viewParam(params.get('view'));

  // The first range's events may have been asked for at boot (./early.ts): taken as they are when they
  // have come, so that FullCalendar lays out its first render with them.
  const load = useCallback((start: number, end: number) => {
    const early = takeEarly<CalendarEvent[]>(earlyKey.events(facilityId, start, end));
    const read = () => dataProvider.getCalendar(facilityId, start, end);
    return early?.value ?? early?.promise.catch(read) ?? read();
  }, [dataProvider, facilityId]);
  const onDates = useCallback((next: CalendarViewName, start: Date) => {
    setParams((p) => {
      // A plain /calendar stays plain until the user moves away from today's day view.
      if (!p.has('date') && !p.has('view') && next === 'day' && dateParam(start) === dateParam(initialDate)) return p;
      const out = new URLSearchParams(p);
      out.set('date', dateParam(start));
      if (next === 'day') out.delete('view'); else out.set('view', next);
      return out;
    }, { replace: true });
  }, [setParams, initialDate]);
  const onMove = useCallback((event: CalendarEvent, to: Move['to']) => new Promise<void>((resolve, reject) => setMove({ event, to, resolve, reject })), []);

  // The opening range's events asked for at boot and still on their way: the calendar waits for them
  // rather than laying out an empty grid it would lay out again a moment later.
  const opening = useMemo(() => (zone ? viewRange(initialDate, view, zone) : null), [initialDate, view, zone]);
  const early = opening ? peekEarly<CalendarEvent[]>(earlyKey.events(facilityId, opening.start, opening.end)) : undefined;
  const [arrived, setArrived] = useState(false);
  const waiting = !arrived && !!early && early.value === undefined;
  useEffect(() => {
    if (!waiting || !early) return;
    let live = true;
    const done = () => { if (live) setArrived(true); };
    early.promise.then(done, done);
    return () => { live = false; };
  }, [waiting, early]);
  useEffect(() => { if (zone) rememberZone(facilityId, zone); }, [facilityId, zone]);

  if (failure) return <><Title title={translate('page.calendar')} /><Alert severity="error">{failure.message}</Alert></>;
  if (!zone || !fields) return <Title title={translate('page.calendar')} />;
  const fieldName = (id: number) => fields.find((f) => f.ID === id)?.name ?? String(id);

  const confirmMove = async () => {
    if (!move) return;
    const current = move;
    setMove(null);
    try {
      await dataProvider.updateEvent(current.event.ID, current.to);
      current.resolve();
      notify('calendar.moved', { type: 'success' });
    } catch (e) {
      current.reject();
      notify('calendar.refused', { type: 'error', messageArgs: { reason: (e as Error).message } });
    }
    setVersion((v) => v + 1);
  };

  const changes = move ? describeMove(move, zone, fieldName, translate) : '';
  return (
    <Box sx={{ p: { xs: 0, sm: 1 } }}>
      <Title title={`${translate('page.calendar')} — ${facility?.name ?? ''}`} />
      <ConflictsBanner facilityId={facilityId} zone={zone} version={version} />
      {can(role, 'events', 'create') && fields.length > 0 && (
        // The add-event dialog without a mouse (issue 31): the first field at the next quarter hour, changed in the dialog.
        <Button variant="outlined" startIcon={<AddIcon />} sx={{ mb: 1 }} onClick={() => setAdding(nextSlot(fields[0]!.ID))}>
          {translate('calendar.add_event')}
        </Button>
      )}
      {!waiting && (
        <FieldCalendar zone={zone} fields={fields} view={view} initialDate={initialDate} version={version} load={load} onDates={onDates}
          onEmptyCell={can(role, 'events', 'create') ? setAdding : undefined}
          onEventClick={can(role, 'events', 'edit') ? setEditing : undefined}
          onMove={can(role, 'events', 'edit') ? onMove : undefined} />
      )}
      {(adding || editing) && (
        <EventDialog key={editing?.ID ?? 'add'} facilityName={facility?.name ?? ''} zone={zone} fields={fields} productTypes={productTypes}
          initial={adding ?? undefined} event={editing ?? undefined}
          onClose={() => { setAdding(null); setEditing(null); }}
          onSaved={(stay) => { setVersion((v) => v + 1); if (!stay) { setAdding(null); setEditing(null); } }}
          onDeleted={() => { setVersion((v) => v + 1); setEditing(null); }} />
      )}
      <KitDialog open={!!move} onClose={() => { move?.reject(); setMove(null); }} fullWidth={false} title={translate('calendar.drag_title')}>
        <DialogContent><Typography>{sentence(translate('calendar.drag_confirm', { changes }))}</Typography></DialogContent>
        <DialogActions>
          <Button onClick={() => { move?.reject(); setMove(null); }}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={confirmMove}>{translate('ra.action.confirm')}</Button>
        </DialogActions>
      </KitDialog>
    </Box>
  );
}

/** The conflicts of the next 20 days, with a link to the first one's date. */
function ConflictsBanner({ facilityId, zone, version }: { facilityId: number; zone: string; version: number }) {
  const translate = useTranslate();
  // The link keeps the other parameters (an admin's ?facility= under 'All facilities').
  const [params] = useSearchParams();
  const dataProvider = useTouchlineDataProvider();
  const [conflicts, setConflicts] = useState<CalendarEvent[]>([]);
  useEffect(() => {
    earlyOr(earlyKey.conflicts(facilityId), () => dataProvider.getConflicts(facilityId)).then(setConflicts, () => setConflicts([]));
  }, [dataProvider, facilityId, version]);
  const first = conflicts[0];
  if (!first) return null;
  return (
    <Alert severity="error" sx={{ mb: 1 }} data-testid="conflicts-banner">
      {translate('calendar.conflicts', { smart_count: conflicts.length })}{' '}
      <Link href={`/calendar?${new URLSearchParams({ ...Object.fromEntries(params), date: dateParam(toWall(first.start_date, zone)) })}`}>
        {translate('calendar.first_conflict', { date: formatDateTime(first.start_date, zone) })}
      </Link>
    </Alert>
  );
}

/** The next quarter hour on `field_id`, half an hour long: the add-event button's slot. */
function nextSlot(field_id: number): { field_id: number; start_date: number; end_date: number } {
  const start = Math.ceil(nowSeconds() / 900) * 900;
  return { field_id, start_date: start, end_date: start + 30 * 60 };
}

/** "field: Maracanã → Wembley, start: 11/23/2026 19:00 → 11/23/2026 20:00". */
function describeMove(move: Move, zone: string, fieldName: (id: number) => string, translate: (key: string) => string): string {
  const { event, to } = move;
  const parts: string[] = [];
  if (to.field_id !== event.field_id) parts.push(`${translate('calendar.field')}: ${fieldName(event.field_id)} → ${fieldName(to.field_id)}`);
  if (to.start_date !== event.start_date) parts.push(`${translate('calendar.start')}: ${formatDateTime(event.start_date, zone)} → ${formatDateTime(to.start_date, zone)}`);
  if (to.end_date !== event.end_date) parts.push(`${translate('calendar.end')}: ${formatDateTime(event.end_date, zone)} → ${formatDateTime(to.end_date, zone)}`);
  return parts.join(', ');
}
