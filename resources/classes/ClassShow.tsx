import { useState } from 'react';
import {
  Alert, Badge, Box, Button, Chip, IconButton, LinearProgress, Link, MenuItem, Paper, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Tooltip, Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PrintIcon from '@mui/icons-material/Print';
import { SelectInput, ShowBase, Title, required, usePermissions, useShowContext, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { classProducts, deleteClass, facilityCoaches, setClassCoaches, updateClass } from '../../core/api/classes';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { CLASS_MESSAGES, MAX_COACHES } from '../../core/validation/classes';
import { DETAIL_META, type ClassDetail } from '../../dataProvider';
import { BroadcastPanel } from '../../src/kit/components/broadcast/BroadcastPanel';
import { HubspotExportButton } from '../../src/kit/components/hubspot/HubspotExport';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { day, money } from '../../src/kit/components/programFormat';
import { ClassDialog } from './ClassDialog';
import { ClassSettings } from './ClassEdit';
import { showPath } from '../../src/kit/entity/paths';
import { DeclaredDialog } from '../../src/kit/entity/DeclaredDialog';
import { useDeclaredQuery, useDeclaredWrite } from '../../src/kit/entity/useDeclared';
import { AddEventsDialog, EventsTab } from './EventsTab';
import { AddParticipantDialog, ParticipantsTab, WaitlistTab } from './PeopleTabs';
import { productText } from './shared';
import { AddTrialDialog } from './TrialDialogs';
import './messages';

// /classes/{id} (spec 3 §2.16, §4): a season shows its title, facility and dates, and the tabs
// Divisions (with the summary card and Add Division) and Settings; a division or class shows the info
// card (inline name, facility, Go to Class Season, Fee with edit, event type, quota, Clone), the events,
// coaches and invoice cards, and the tabs Events, Participants (with Print), Waitlist (its count as a
// green marker) and Settings (the class's form, saved in place). Add new opens the add-event or
// add-participant dialog. The classes resource's show view, read by react-admin's ShowBase (getOne:
// GET /class/{id}, the detail); its writes are declared mutations naming 'classes', so every open view
// of the class shows them without a reload.

type TabKey = 'divisions' | 'events' | 'participants' | 'waitlist' | 'settings';

export default function ClassShow() {
  const translate = useTranslate();
  return (
    <ShowBase<ClassRecord> resource="classes" loading={<><Title title={translate('page.class')} /><LinearProgress sx={{ m: 2 }} /></>} queryOptions={{ meta: DETAIL_META, onError: () => undefined }}
      error={<Alert severity="error" sx={{ m: 2 }}>{translate('ra.page.not_found')}</Alert>}>
      <ClassPage />
    </ShowBase>
  );
}

type ClassRecord = ClassDetail & { id: number };

function ClassPage() {
  const translate = useTranslate();
  const { record: cls } = useShowContext<ClassRecord>();
  const [tab, setTab] = useState<TabKey | null>(null);
  const [adding, setAdding] = useState<'event' | 'participant' | 'trial' | null>(null);
  if (!cls) return null;
  const tabs: TabKey[] = cls.is_container ? ['divisions', 'settings'] : ['events', 'participants', 'waitlist', 'settings'];
  const current = tab && tabs.includes(tab) ? tab : tabs[0];
  const addNew = current === 'events' || current === 'participants';
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={cls.name} />
      {cls.is_container ? <SeasonHeader cls={cls} /> : <Cards key={cls.ID} cls={cls} />}
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" alignItems="center" spacing={1}>
          <Tabs value={current} onChange={(_, v) => setTab(v)} sx={{ flex: 1 }}>
            {tabs.map((t) => (
              <Tab key={t} value={t} label={t === 'waitlist' && cls.waitlists.length
                ? <Badge color="success" badgeContent={cls.waitlists.length} sx={{ pr: 1.5 }}>{translate('classes.page.tabs.waitlist')}</Badge>
                : translate(`classes.page.tabs.${t}`)} />
            ))}
          </Tabs>
          {current === 'participants' && <Button startIcon={<PrintIcon />} onClick={() => window.print()}>{translate('classes.page.print')}</Button>}
          {current === 'participants' && <Button onClick={() => setAdding('trial')}>{translate('classes.dialogs.add_trial')}</Button>}
          {addNew && <Button variant="contained" onClick={() => setAdding(current === 'events' ? 'event' : 'participant')}>{translate('classes.page.add_new')}</Button>}
        </Stack>
        <Box sx={{ pt: 2 }}>
          {current === 'divisions' && <DivisionsTab cls={cls} />}
          {current === 'events' && <EventsTab cls={cls} />}
          {current === 'participants' && <ParticipantsTab cls={cls} />}
          {current === 'waitlist' && <WaitlistTab cls={cls} />}
          {current === 'settings' && <ClassSettings key={cls.ID} id={cls.ID} />}
        </Box>
      </Paper>
      {adding === 'event' && <AddEventsDialog cls={cls} onClose={() => setAdding(null)} />}
      {adding === 'trial' && <AddTrialDialog cls={cls} onClose={() => setAdding(null)} />}
      {adding === 'participant' && <AddParticipantDialog cls={cls} onClose={() => setAdding(null)} />}
    </Stack>
  );
}

function SeasonHeader({ cls }: { cls: ClassDetail }) {
  const zone = cls.facility.time_zone;
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">{cls.name}</Typography>
      <Typography variant="body2">{cls.facility.name}</Typography>
      <Typography variant="body2">{day(cls.start_date, zone)} – {day(cls.end_date, zone)}</Typography>
    </Paper>
  );
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" justifyContent="space-between" spacing={2}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Box component="span" sx={{ typography: 'body2' }}>{children}</Box>
    </Stack>
  );
}

function Cards({ cls }: { cls: ClassDetail }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const update = useDeclaredWrite(updateClass, 'classes');
  const [name, setName] = useState(cls.name);
  // The record's name changed elsewhere (its edit view, another tab's save): the field follows it.
  const [saved, setSaved] = useState(cls.name);
  if (saved !== cls.name) {
    setSaved(cls.name);
    setName(cls.name);
  }
  const [dialog, setDialog] = useState<'fee' | 'clone' | null>(null);
  const zone = cls.facility.time_zone;
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.page.${key}`, args);
  const rename = async () => {
    if (!name.trim() || name === cls.name) return;
    // The spec's class update shows 'Update successful' first, then any error (spec 3 §8).
    dialogs.notifySuccess(CLASS_MESSAGES.updated, { short: true });
    await dialogs.run(() => update.mutateAsync({ params: { id: cls.ID }, body: { name: name.trim() } }));
  };
  const first = cls.events[0]?.start_date;
  const last = cls.events.at(-1)?.end_date;
  const hours = cls.events.reduce((sum, e) => sum + (e.end_date - e.start_date) / 3600, 0);
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} alignItems="stretch">
      <Paper sx={{ p: 2, flex: 2 }} data-testid="class-info">
        <TextField variant="standard" fullWidth inputProps={{ 'aria-label': translate('classes.form.name'), style: { fontSize: 22 } }} value={name}
          onChange={(e) => setName(e.target.value)} onBlur={rename} onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()} />
        <Stack direction="row" spacing={1} alignItems="center" sx={{ my: 1 }}>
          <Chip size="small" label={cls.facility.name} />
          {cls.class_parent && <Link component={RouterLink} to={`/classes/${cls.class_parent.ID}`}>{t('season')}</Link>}
        </Stack>
        <Line label={t('fee')}>
          {cls.newProduct?.name ?? ''} {money(cls.price.base)}
          <Tooltip title={t('edit_fee')}><IconButton size="small" aria-label={t('edit_fee')} onClick={() => setDialog('fee')}><EditIcon fontSize="small" /></IconButton></Tooltip>
        </Line>
        <Line label={t('event_type')}>{t(cls.is_camp ? 'event_type_camp' : 'event_type_class')}</Line>
        <Line label={t('quota')}>{cls.max_kids}</Line>
        <Button size="small" sx={{ mt: 1 }} onClick={() => setDialog('clone')}>{t('clone')}</Button>
      </Paper>
      <Paper sx={{ p: 2, flex: 1 }} data-testid="class-events-card">
        <Typography variant="subtitle2">{t('events_card')}</Typography>
        <Line label={t('first')}>{first ? day(first, zone) : '–'}</Line>
        <Line label={t('last')}>{last ? day(last, zone) : '–'}</Line>
        <Line label={t('count')}>{cls.events.length}</Line>
        <Line label={t('hours')}>{Math.round(hours * 100) / 100}</Line>
      </Paper>
      <CoachesCard cls={cls} />
      {/* The broadcast history's table scrolls inside its column, never squeezing the cards (m1). */}
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0, maxWidth: { lg: 320 }, overflowX: 'auto' }}>
        <BroadcastPanel variant="class" source={{ class_id: cls.ID }} facilityId={cls.facility_id} timeZone={zone} />
        <HubspotExportButton selection={{ class_ids: [cls.ID] }} label="classes.page.hubspot" />
      </Stack>
      <Paper sx={{ p: 2, flex: 1 }} data-testid="class-invoice-card">
        <Typography variant="subtitle2">{t('invoice')}</Typography>
        <Line label={t('invoiced')}>{money(cls.invoiced)}</Line>
        <Line label={t('paid')}>{money(cls.paid)}</Line>
        <Line label={t('balance')}>{money(cls.balance)}</Line>
      </Paper>
      {dialog === 'fee' && <FeeDialog cls={cls} onClose={() => setDialog(null)} />}
      {dialog === 'clone' && <ClassDialog mode="clone" source={cls} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

/** Coaches (spec 3 §4): at most 2, the first the lead; adding or removing marks unsaved; Save sends the list. */
function CoachesCard({ cls }: { cls: ClassDetail }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const setCoaches = useDeclaredWrite(setClassCoaches, 'classes');
  const { permissions: role } = usePermissions<Role>();
  const mayEdit = can(role, 'classes', 'coaches');
  const [chosen, setChosen] = useState(cls.coaches.map((c) => ({ worker_id: c.worker_id, name: c.name })));
  const { data: options = [] } = useDeclaredQuery('classes', facilityCoaches, { params: { id: cls.facility_id } }, { enabled: mayEdit });
  const unsaved = chosen.map((c) => c.worker_id).join() !== cls.coaches.map((c) => c.worker_id).join();
  const save = async () => {
    await dialogs.run(() => setCoaches.mutateAsync({ body: { class_id: cls.ID, coaches: chosen.map((c) => c.worker_id) } }));
  };
  return (
    <Paper sx={{ p: 2, flex: 1 }} data-testid="class-coaches">
      <Typography variant="subtitle2">{translate('classes.page.coaches')}</Typography>
      {chosen.map((c, i) => (
        <Stack key={c.worker_id} direction="row" alignItems="center" spacing={1}>
          <Typography variant="body2" sx={{ flex: 1 }}>{c.name} ({translate(i === 0 ? 'classes.page.lead' : 'classes.page.extra')})</Typography>
          {mayEdit && <IconButton size="small" aria-label={`${translate('classes.delete')} ${c.name}`} onClick={() => setChosen(chosen.filter((x) => x !== c))}><DeleteIcon fontSize="small" /></IconButton>}
        </Stack>
      ))}
      {mayEdit && chosen.length < MAX_COACHES && (
        <TextField select size="small" fullWidth sx={{ mt: 1 }} label={translate('classes.page.add_coach')} value=""
          onChange={(e) => { const o = options.find((x) => x.id === Number(e.target.value)); if (o) setChosen([...chosen, { worker_id: o.id, name: o.name }]); }}>
          {options.filter((o) => !chosen.some((c) => c.worker_id === o.id)).map((o) => <MenuItem key={o.id} value={o.id}>{o.name} · {o.title}</MenuItem>)}
        </TextField>
      )}
      {unsaved && (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }}>
          <Typography variant="caption" color="warning.main">{translate('classes.page.unsaved')}</Typography>
          <Button size="small" variant="contained" onClick={save}>{translate('classes.page.save_coaches')}</Button>
        </Stack>
      )}
    </Paper>
  );
}

/** Update Product (spec 3 §5): products whose GL shares the current code's first three digits, or starts with 14. */
function FeeDialog({ cls, onClose }: { cls: ClassDetail; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { data: products = [] } = useDeclaredQuery('classes', classProducts, { query: { facility_id: cls.facility_id } });
  const choices = products.map((p) => ({ ...p, text: productText(translate, p) }));
  return (
    <DeclaredDialog title="classes.dialogs.fee" endpoint={updateClass} invalidates={['classes']} onClose={onClose} inputRules
      defaultValues={{ new_product_id: cls.new_product_id ?? undefined }}
      input={(values) => ({
        params: { id: cls.ID },
        body: { new_product_id: values.new_product_id, product_id: products.find((p) => p.new_product_id === values.new_product_id)?.product_id ?? null },
      })}
      onDone={() => dialogs.notifySuccess(CLASS_MESSAGES.updated, { short: true })}>
      <SelectInput source="new_product_id" label="classes.form.product" choices={choices} optionValue="new_product_id" optionText="text" validate={required(CLASS_MESSAGES.required)} fullWidth />
    </DeclaredDialog>
  );
}

/** A season's divisions (spec 3 §2.16): filter, table, Add Division, and the summary card. */
function DivisionsTab({ cls }: { cls: ClassDetail }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const deleteDivision = useDeclaredWrite(deleteClass, 'classes');
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState(false);
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = cls.divisions.filter((d) => words.every((w) => `${d.name} ${d.coaches.join(' ')}`.toLowerCase().includes(w)));
  const remove = async (id: number, name: string) => {
    if (!(await dialogs.confirmDelete({ message: translate('classes.delete_confirm', { name }) }))) return;
    if (!(await dialogs.run(() => deleteDivision.mutateAsync({ params: { id } })))) return;
    dialogs.notifySuccess(CLASS_MESSAGES.deleted, { short: true });
  };
  const t = (key: string) => translate(`classes.page.${key}`);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <TextField size="small" label={t('divisions_filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
          <Button variant="contained" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }} onClick={() => setAdding(true)}>{t('add_division')}</Button>
        </Stack>
        <Table size="small" aria-label={t('tabs.divisions')}>
          <TableHead><TableRow>{(['name', 'attendees', 'coaches', 'action'] as const).map((c) => <TableCell key={c}>{t(`division_columns.${c}`)}</TableCell>)}</TableRow></TableHead>
          <TableBody>
            {shown.length === 0 && <TableRow><TableCell colSpan={4}>{t('no_rows')}</TableCell></TableRow>}
            {shown.map((d) => (
              <TableRow key={d.ID} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(showPath('classes', d.ID))}>
                <TableCell>{d.name}</TableCell>
                <TableCell>{d.attendees} / {d.max_kids}</TableCell>
                <TableCell>{d.coaches.join(', ')}</TableCell>
                <TableCell onClick={(e) => e.stopPropagation()}>
                  <Tooltip title={translate('classes.open')}><IconButton size="small" aria-label={translate('classes.open')} href={`/classes/${d.ID}`} target="_blank" rel="noopener"><OpenInNewIcon fontSize="small" /></IconButton></Tooltip>
                  {d.attendees === 0 && <Tooltip title={translate('classes.delete')}><IconButton size="small" aria-label={translate('classes.delete')} onClick={() => remove(d.ID, d.name)}><DeleteIcon fontSize="small" /></IconButton></Tooltip>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 220 }} data-testid="season-summary">
        <Line label={t('due')}>{money(cls.balance)}</Line>
        <Line label={t('attendees')}>{cls.participants}</Line>
        <Line label={t('expected')}>{money(cls.expected)}</Line>
        <Line label={t('total_paid')}>{money(cls.paid)}</Line>
      </Paper>
      <Stack spacing={1}>
        <BroadcastPanel variant="class" source={{ class_id: cls.ID }} facilityId={cls.facility_id} timeZone={cls.facility.time_zone} filter={filter} />
        <HubspotExportButton selection={{ class_ids: [cls.ID] }} label="classes.page.hubspot" />
      </Stack>
      {adding && <ClassDialog mode="division" source={cls} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
