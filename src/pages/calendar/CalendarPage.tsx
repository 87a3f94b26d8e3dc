import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { Title, useGetList, useGetOne, useNotify, usePermissions, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { Role } from '../../../core/constants';
import { formatDateTime, nowSeconds } from '../../../core/time';
import { session } from '../../../authProvider/storage';
import { useTouchlineDataProvider } from '../../../dataProvider';
import type { CalendarEvent } from '../../../dataProvider/events';
import { EventDialog, type ProductTypeOption } from './EventDialog';
import { FieldCalendar, type CalendarField, type CalendarViewName } from './FieldCalendar';
import { RefereeCalendar } from './RefereeCalendar';
import { dateParam, parseDateParam, toWall } from './wallClock';

/** /calendar: referees get the store buttons of their app; everyone else the field calendar. */
export default function CalendarPage() {
  const { permissions } = usePermissions<Role>();
  if (permissions === undefined) return null;
  return permissions === 'referee' ? <RefereeCalendar /> : <FacilityCalendar facilityId={permissions === 'admin' ? session.selectedFacility() : session.facilityId() ?? 1} />;
}

interface Move { event: CalendarEvent; to: { field_id: number; start_date: number; end_date: number }; resolve(): void; reject(): void }

function FacilityCalendar({ facilityId }: { facilityId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useTouchlineDataProvider();
  const [params, setParams] = useSearchParams();
  // Failures show in the page (not the global error dialog): the calendar says what it could not read.
  const quiet = { meta: { errorDialog: false } };
  const { data: facility, error: facilityError } = useGetOne<{ id: number; name: string; time_zone: string }>('facilities', { id: facilityId }, quiet);
  const { data: fields, error: fieldsError } = useGetList<CalendarField & { id: number }>('fields', {
    filter: { facility_id: facilityId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'number', order: 'ASC' },
  }, quiet);
  const { data: productTypes = [] } = useGetList<ProductTypeOption & { id: number }>('product_types', { pagination: { page: 1, perPage: 200 }, sort: { field: 'ID', order: 'ASC' } }, quiet);
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState<{ field_id: number; start_date: number; end_date: number } | null>(null);
  const [move, setMove] = useState<Move | null>(null);
  const zone = facility?.time_zone;

  const initialDate = useMemo(() => parseDateParam(params.get('date')) ?? (zone ? toWall(nowSeconds(), zone) : new Date()), [zone]); // eslint-disable-line react-hooks/exhaustive-deps
  const view = (['day', 'week', 'month'] as const).find((v) => v === params.get('view')) ?? 'day';

  const load = useCallback((start: number, end: number) => dataProvider.getCalendar(facilityId, start, end), [dataProvider, facilityId]);
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

  const failure = facilityError ?? fieldsError;
  if (failure) return <><Title title={translate('page.calendar')} /><Alert severity="error">{(failure as Error).message}</Alert></>;
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
      <FieldCalendar zone={zone} fields={fields} view={view} initialDate={initialDate} version={version} load={load}
        onDates={onDates} onEmptyCell={setAdding} onMove={onMove} />
      {adding && (
        <EventDialog facilityName={facility?.name ?? ''} zone={zone} fields={fields} productTypes={productTypes} initial={adding}
          onClose={() => setAdding(null)}
          onSaved={(stay) => { setVersion((v) => v + 1); if (!stay) setAdding(null); }} />
      )}
      <Dialog open={!!move} onClose={() => { move?.reject(); setMove(null); }} aria-labelledby="move-title">
        <DialogTitle id="move-title">{translate('calendar.drag_title')}</DialogTitle>
        <DialogContent><Typography>{translate('calendar.drag_confirm', { changes })}</Typography></DialogContent>
        <DialogActions>
          <Button onClick={() => { move?.reject(); setMove(null); }}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={confirmMove}>{translate('ra.action.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The conflicts of the next 20 days, with a link to the first one's date. */
function ConflictsBanner({ facilityId, zone, version }: { facilityId: number; zone: string; version: number }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const [conflicts, setConflicts] = useState<CalendarEvent[]>([]);
  useEffect(() => {
    dataProvider.getConflicts(facilityId).then(setConflicts, () => setConflicts([]));
  }, [dataProvider, facilityId, version]);
  const first = conflicts[0];
  if (!first) return null;
  return (
    <Alert severity="error" sx={{ mb: 1 }} data-testid="conflicts-banner">
      {translate('calendar.conflicts', { smart_count: conflicts.length })}{' '}
      <Link href={`/calendar?date=${encodeURIComponent(dateParam(toWall(first.start_date, zone)))}`}>
        {translate('calendar.first_conflict', { date: formatDateTime(first.start_date, zone) })}
      </Link>
    </Alert>
  );
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
