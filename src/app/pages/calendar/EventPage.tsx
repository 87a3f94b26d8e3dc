import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Checkbox, DialogActions, FormControlLabel, IconButton, Link, MenuItem, Stack, Switch,
  Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Tooltip, Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Title, useNotify, usePermissions, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { removePickupPlayer } from '../../../../core/api/pickup';
import { NO_SHOW_PRODUCT_TYPES, PRODUCT_TYPE, type Role } from '../../../../core/constants';
import { can } from '../../../../core/permissions';
import { formatDateTime } from '../../../../core/time';
import { SERIES_SCOPES, type SeriesScope } from '../../../../core/validation/event';
import { useTouchlineDataProvider } from '../../../../dataProvider';
import type { CalendarEvent, Coach, EventPerson, MatchRoster, PickupPlayer } from '../../../../dataProvider/events';
import { EventInvoiceTab } from '../../../../resources/invoice';
import '../../../../resources/contract/messages';
import { earlyKey, earlyOr } from './early';
import { useCalendarOptions } from './useCalendarOptions';
import './messages';
import { EmailText } from '../../../kit/components/ContactText';
import { KitDialog } from '../../../kit/layout/KitDialog';
import { useDialogs } from '../../../kit/layout/dialogs';

// What the first paint does not show loads when it is opened (issue 22 item 16: the page's cold load).
const ChangesView = lazy(async () => ({ default: (await import('../../../kit/components/ChangesView')).ChangesView }));
const EventDialog = lazy(async () => ({ default: (await import('./EventDialog')).EventDialog }));
const RosterWindow = lazy(async () => ({ default: (await import('./RosterSheet')).RosterWindow }));


// The event page (spec 2 §2): what the event is, its switches (No show for types 1, 2, 11; Video
// visible), the coach, the actions (Edit — the calendar's dialog: product type, field, times, customer,
// teams —, re-send the confirmation, the customer, delete, delete the series, save the comment) and the
// tabs League, Invoice, Health Check, Soccernaut, Pickup, Changes, Attendance.

type TabKey = 'league' | 'invoice' | 'health' | 'soccernaut' | 'pickup' | 'changes' | 'attendance';

export default function EventPage() {
  const { id } = useParams();
  const eventId = Number(id);
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const [event, setEvent] = useState<CalendarEvent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<TabKey | null>(null);
  const [comment, setComment] = useState('');
  const [coaches, setCoaches] = useState<Coach[]>([]);
  const [confirm, setConfirm] = useState<'delete' | 'series' | null>(null);
  const [scope, setScope] = useState<SeriesScope>('this');
  const [deleted, setDeleted] = useState(false);
  const [editing, setEditing] = useState(false);
  const { facility, fields, productTypes } = useCalendarOptions(event?.facility_id);

  // The first read takes the call started at boot (./early.ts) when there is one; later ones ask again.
  const first = useRef(true);
  const reload = useCallback(() => {
    const read = () => dataProvider.getEvent(eventId);
    const call = first.current ? earlyOr(earlyKey.event(eventId), read) : read();
    first.current = false;
    return call.then((e) => { setEvent(e); setComment(e.comment); }, (e: Error) => setError(e.message));
  }, [dataProvider, eventId]);
  useEffect(() => { reload(); }, [reload]);
  // What the role may do here (issue 22 item 6): coaches and referees read the event; what they cannot
  // use is not shown (the server refuses it anyway).
  const mayEdit = can(role, 'events', 'edit');
  useEffect(() => { if (event && mayEdit) dataProvider.getCoaches(event.facility_id).then(setCoaches, () => setCoaches([])); }, [dataProvider, event?.facility_id, mayEdit]); // eslint-disable-line react-hooks/exhaustive-deps

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!event || !facility || !role) return <Title title={translate('event_page.title', { id: eventId })} />;
  if (deleted) return <Alert severity="info">{translate('event_page.deleted')}</Alert>;
  const zone = facility.time_zone;

  const tabs: TabKey[] = [
    ...(event.match ? ['league' as const] : []),
    ...(can(role, 'invoices', 'show') ? ['invoice' as const] : []),
    'health',
    ...(event.product_type_id === PRODUCT_TYPE.SOCCERNAUT ? ['soccernaut' as const] : []),
    ...(event.product_type_id === PRODUCT_TYPE.PICKUP ? ['pickup' as const] : []),
    ...(can(role, 'events', 'changes') ? ['changes' as const] : []),
    'attendance',
  ];
  const current = tab && tabs.includes(tab) ? tab : tabs[0];
  const act = (work: () => Promise<unknown>, success?: string) => work().then(() => { if (success) notify(success, { type: 'success' }); return reload(); }, (e: Error) => notify(e.message, { type: 'error' }));

  const remove = async () => {
    const which = confirm;
    setConfirm(null);
    try {
      if (which === 'series' && event.block_token) await dataProvider.deleteSeries(event.block_token);
      else await dataProvider.deleteEvent(event.ID, scope);
      setDeleted(true);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  // Mods never delete; managers only events without payments (the server refuses otherwise).
  const mayDelete = can(role, 'events', 'delete');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Title title={translate('event_page.title', { id: event.ID })} />
      {event.class_id && <Alert severity="info">{translate('event_page.class_banner')}</Alert>}
      {event.contract && (
        <Alert severity="info" data-testid="contract-banner">
          {translate('event_page.contract_banner')} <Link href={`/contract/${event.contract.ID}`}>{event.contract.name ?? `#${event.contract.ID}`}</Link>
        </Alert>
      )}
      <Card data-testid="event-card">
        <CardContent>
          <Typography variant="h6" sx={{ borderLeft: `6px solid ${event.conflict ? '#e53935' : event.color}`, pl: 1 }}>{event.title}</Typography>
          <Typography>{translate('event_page.when')}: {formatDateTime(event.start_date, zone)} – {formatDateTime(event.end_date, zone).split(' ')[1]} ({facility.name})</Typography>
          <Typography>{translate('event_page.field')}: {event.field.name} · {translate('event_page.product_type')}: {event.product_type.name}</Typography>
          {mayEdit && <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }} alignItems={{ sm: 'center' }}>
            {(NO_SHOW_PRODUCT_TYPES as readonly number[]).includes(event.product_type_id) && (
              <FormControlLabel label={translate('event_page.no_show')}
                control={<Switch checked={event.no_show} onChange={(e) => act(() => dataProvider.setNoShow(event.ID, e.target.checked))} />} />
            )}
            <FormControlLabel label={translate('event_page.video_visible')}
              control={<Switch checked={event.video_visible} onChange={(e) => act(() => dataProvider.setVideoVisible(event.ID, e.target.checked))} />} />
            <TextField select size="small" label={translate('event_page.coach')} value={event.coach_id ?? 0} sx={{ minWidth: 200 }}
              onChange={(e) => act(() => dataProvider.setCoach(event.ID, Number(e.target.value)))}>
              <MenuItem value={0}>{translate('event_page.no_coach')}</MenuItem>
              {coaches.map((c) => <MenuItem key={c.ID} value={c.ID}>{c.first_name} {c.last_name}</MenuItem>)}
            </TextField>
          </Stack>}
          {mayEdit
            ? <TextField label={translate('event_page.comment')} value={comment} onChange={(e) => setComment(e.target.value)} fullWidth multiline sx={{ mt: 2 }} />
            : event.comment && <Typography sx={{ mt: 1 }}>{translate('event_page.comment')}: {event.comment}</Typography>}
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            {event.block_token && (mayEdit || mayDelete) && (
              <TextField select size="small" label={translate('calendar.scope_title')} value={scope} onChange={(e) => setScope(e.target.value as SeriesScope)} sx={{ minWidth: 220 }}>
                {SERIES_SCOPES.map((s) => <MenuItem key={s} value={s}>{translate(`calendar.scope_${s}`)}</MenuItem>)}
              </TextField>
            )}
            {mayEdit && <Button variant="contained" onClick={() => act(() => dataProvider.updateEvent(event.ID, { comment }, scope), 'event_page.saved')}>{translate('event_page.save')}</Button>}
            {mayEdit && fields && <Button variant="outlined" onClick={() => setEditing(true)}>{translate('event_page.edit')}</Button>}
            {mayEdit && event.customer_id && <Button onClick={() => act(() => dataProvider.sendEventEmail(event.ID), 'event_page.email_sent')}>{translate('event_page.resend')}</Button>}
            {can(role, 'customers', 'edit') && event.customer_id && <Button href={`/customer/${event.customer_id}`}>{translate('event_page.customer')}</Button>}
            {mayDelete && <Button color="error" onClick={() => setConfirm('delete')}>{translate('event_page.delete')}</Button>}
            {mayDelete && event.block_token && <Button color="error" onClick={() => setConfirm('series')}>{translate('event_page.delete_series')}</Button>}
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <Tabs value={current} onChange={(_, v: TabKey) => setTab(v)} variant="scrollable">
          {tabs.map((t) => <Tab key={t} value={t} label={translate(`event_page.tabs.${t}`)} />)}
        </Tabs>
        <CardContent>
          {current === 'league' && event.match && <LeagueTab event={event} zone={zone} onSaved={reload} editable={mayEdit} />}
          {current === 'invoice' && <Suspense fallback={null}><EventInvoiceTab eventId={event.ID} /></Suspense>}
          {current === 'health' && <PeopleTable load={() => dataProvider.getHealthChecks(event.ID)} />}
          {current === 'soccernaut' && <SoccernautTab eventId={event.ID} />}
          {current === 'pickup' && <PickupTab eventId={event.ID} editable={mayEdit} />}
          {current === 'changes' && <Suspense fallback={null}><ChangesView object="event" id={event.ID} timeZone={zone} /></Suspense>}
          {current === 'attendance' && <AttendanceTab eventId={event.ID} editable={can(role, 'events', 'attendance')} />}
        </CardContent>
      </Card>
      {editing && fields && (
        <Suspense fallback={null}><EventDialog event={event} facilityName={facility.name} zone={zone} fields={fields} productTypes={productTypes}
          onClose={() => setEditing(false)} onSaved={() => { setEditing(false); reload(); }} onDeleted={() => { setEditing(false); setDeleted(true); }} /></Suspense>
      )}
      <KitDialog open={!!confirm} onClose={() => setConfirm(null)} fullWidth={false} title={translate(confirm === 'series' ? 'event_page.delete_series_confirm' : 'event_page.delete_confirm')}>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" onClick={remove}>{translate('ra.action.confirm')}</Button>
        </DialogActions>
      </KitDialog>
    </Box>
  );
}

/** Links to the league and teams, scores saved on blur, the suspended players per team, the roster print. */
function LeagueTab({ event, zone, onSaved, editable }: { event: CalendarEvent; zone: string; onSaved(): void; editable: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useTouchlineDataProvider();
  const match = event.match!;
  const [scores, setScores] = useState({ home: match.home_score?.toString() ?? '', away: match.away_score?.toString() ?? '' });
  const [roster, setRoster] = useState<MatchRoster | null>(null);
  const [printing, setPrinting] = useState<Window | null>(null);
  useEffect(() => { dataProvider.getMatchRoster(match.ID).then(setRoster, (e: Error) => notify(e.message, { type: 'error' })); }, [dataProvider, match.ID]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = () => {
    const value = (s: string) => (s.trim() === '' ? null : Math.max(0, Math.floor(Number(s))));
    dataProvider.setMatchScores(match.ID, { home_score: value(scores.home), away_score: value(scores.away) })
      .then(onSaved, (e: Error) => notify(e.message, { type: 'error' }));
  };
  const team = (t: typeof match.home_team) => (t ? <Link href={`/team/${t.ID}`}>{t.name}</Link> : '—');
  const suspended = (side: 'home' | 'away') => {
    const players = roster?.[`${side}_team`]?.players.filter((p) => p.suspension) ?? [];
    return (
      <Typography variant="body2" data-testid={`suspended-${side}`}>
        {translate('event_page.suspended', { team: roster?.[`${side}_team`]?.name ?? 'TBD' })}:{' '}
        {players.length ? players.map((p) => `${p.first_name} ${p.last_name}`).join(', ') : translate('event_page.nobody')}
      </Typography>
    );
  };
  return (
    <Stack spacing={2}>
      {match.league && <Typography>{translate('event_page.league')}: <Link href={`/league/${match.league.ID}`}>{match.league.name}</Link></Typography>}
      {roster && (
        <Typography data-testid="match-referee">
          {translate('event_page.referee')}: {roster.referee ? `${roster.referee.first_name} ${roster.referee.last_name} (${roster.referee.email})` : translate('event_page.no_referee')}
        </Typography>
      )}
      <Stack direction="row" spacing={2} alignItems="center">
        <Box>{team(match.home_team)}</Box>
        <TextField size="small" type="number" label={translate('event_page.home')} value={scores.home} sx={{ width: 100 }} disabled={!editable}
          onChange={(e) => setScores({ ...scores, home: e.target.value })} onBlur={save} />
        <TextField size="small" type="number" label={translate('event_page.away')} value={scores.away} sx={{ width: 100 }} disabled={!editable}
          onChange={(e) => setScores({ ...scores, away: e.target.value })} onBlur={save} />
        <Box>{team(match.away_team)}</Box>
      </Stack>
      {roster && <Stack spacing={0.5}>{suspended('home')}{suspended('away')}</Stack>}
      <Stack direction="row" spacing={2} alignItems="center">
        <Button variant="outlined" disabled={!roster} onClick={() => setPrinting(window.open('', '_blank', 'width=900,height=700'))}>{translate('event_page.print_roster')}</Button>
        <Typography variant="body2" color="text.secondary">{translate('event_page.roster_legend')}</Typography>
      </Stack>
      {printing && roster && <Suspense fallback={null}><RosterWindow target={printing} roster={roster} zone={zone} field={event.field.name} onClosed={() => setPrinting(null)} /></Suspense>}
    </Stack>
  );
}

function useLoad<T>(load: () => Promise<T[]>) {
  const [rows, setRows] = useState<T[] | null>(null);
  const reload = useCallback(() => load().then(setRows, () => setRows([])), [load]);
  useEffect(() => { reload(); }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return { rows, reload };
}

function PeopleTable({ load, extra }: { load: () => Promise<EventPerson[]>; extra?: (p: EventPerson) => ReactNode }) {
  const translate = useTranslate();
  const { rows } = useLoad(load);
  if (!rows) return null;
  if (!rows.length) return <Typography color="text.secondary">{translate('event_page.none')}</Typography>;
  return (
    <Table size="small">
      <TableHead><TableRow>
        <TableCell>{translate('event_page.first_name')}</TableCell><TableCell>{translate('event_page.last_name')}</TableCell>
        <TableCell>{translate('event_page.email')}</TableCell>{extra && <TableCell />}
      </TableRow></TableHead>
      <TableBody>
        {rows.map((p) => (
          <TableRow key={p.ID}>
            <TableCell><Link href={`/customer/${p.customer_id}`}>{p.first_name}</Link></TableCell><TableCell>{p.last_name}</TableCell>
            <TableCell>{p.email && <EmailText email={p.email} />}</TableCell>{extra && <TableCell>{extra(p)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SoccernautTab({ eventId }: { eventId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useTouchlineDataProvider();
  const link = `${window.location.origin}/soccernaut/signup?event=${eventId}`;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="center">
        <Typography>{translate('event_page.signup_link')}:</Typography>
        <Button onClick={() => navigator.clipboard.writeText(link).then(() => notify('event_page.copied', { type: 'info' }))}>{translate('event_page.copy')}</Button>
        <Button href={link} target="_blank" rel="noopener">{translate('event_page.open')}</Button>
      </Stack>
      <PeopleTable load={() => dataProvider.getParticipants(eventId)}
        extra={(p) => `${translate('event_page.waiver')}: ${translate(p.waiver_signed ? 'event_page.yes' : 'event_page.no')}`} />
    </Stack>
  );
}

function PickupTab({ eventId, editable }: { eventId: number; editable: boolean }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run, confirmDelete } = useDialogs();
  const { rows, reload } = useLoad<PickupPlayer>(useCallback(() => dataProvider.getPickupPlayers(eventId), [dataProvider, eventId]));
  if (!rows) return null;
  if (!rows.length) return <Typography color="text.secondary">{translate('event_page.none')}</Typography>;
  // Removing a player frees the place for the game's waitlist (the pickup session page shows it).
  const remove = async (p: PickupPlayer, name: string) => {
    if (!await confirmDelete({ message: translate('pickup.remove_confirm', { name }) })) return;
    if (await run(() => dataProvider.call(removePickupPlayer, { params: { id: p.ID } }))) void reload();
  };
  return (
    <Stack>
      {rows.map((p) => [p, `${p.first_name} ${p.last_name}`] as const).map(([p, name]) => (
        <Stack key={p.ID} direction="row" alignItems="center">
          <FormControlLabel label={name}
            control={<Checkbox checked={p.checked_in} disabled={!editable} onChange={(e) => dataProvider.checkInPickup(p.ID, e.target.checked).then(reload)} />} />
          {editable && (
            <Tooltip title={translate('pickup.remove')}>
              <IconButton size="small" aria-label={`${translate('pickup.remove')}: ${name}`} onClick={() => void remove(p, name)}><DeleteIcon fontSize="small" /></IconButton>
            </Tooltip>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function AttendanceTab({ eventId, editable }: { eventId: number; editable: boolean }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { rows, reload } = useLoad(useCallback(() => dataProvider.getParticipants(eventId), [dataProvider, eventId]));
  if (!rows) return null;
  if (!rows.length) return <Typography color="text.secondary">{translate('event_page.none')}</Typography>;
  return (
    <Stack>
      {rows.map((p) => (
        <FormControlLabel key={p.ID} label={`${p.first_name} ${p.last_name} — ${translate('event_page.attended')}`}
          control={<Checkbox checked={p.attended} disabled={!editable} onChange={(e) => dataProvider.setAttendance(eventId, p.customer_id, e.target.checked).then(reload)} />} />
      ))}
    </Stack>
  );
}
