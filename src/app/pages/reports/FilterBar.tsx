import { Autocomplete, Box, Button, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetList, usePermissions, useTranslate } from 'react-admin';
import { PAYMENT_METHODS, type Role } from '../../../../core/constants';
import { MOD_PICKS_DATES, modEarliest, REPORT_MESSAGES, todayIn, type ReportKind } from '../../../../core/reports';
import { defaultTimeZone } from '../../../../core/time';
import { useTouchlineDataProvider, type ReportLeague } from '../../../../dataProvider';
import { useFacilityChoices } from '../../../kit/layout/facilities';
import type { ReportDefinition } from './definitions';
import type { ReportFilters } from './useReportFilters';
import './messages';

// The shared filter bar (spec 2 §2 Reports): report type, date range, facility, event type, payment
// type, active, league, Run or Search — whichever the report uses. Only admins choose facilities
// (spec 2 §6); everyone else's reports are their own facility's. Moderators' date fields are
// disabled except on health and trials, and stay within the last 30 days.

const MESSAGE_KEYS: Record<string, string> = {
  [REPORT_MESSAGES.missingStart]: 'reports.messages.missing_start',
  [REPORT_MESSAGES.missingEnd]: 'reports.messages.missing_end',
  [REPORT_MESSAGES.missingFacility]: 'reports.messages.missing_facility',
  [REPORT_MESSAGES.missingRange]: 'reports.messages.missing_range',
  [REPORT_MESSAGES.endBeforeStart]: 'reports.messages.end_before_start',
};

/**
 * `problem` is what is wrong with the filters the page holds (a backwards or missing range): the page
 * shows no results for them and the bar says why, beside the dates. A Run whose range is wrong is
 * still applied, so the results of the previous range do not stay on screen as if they answered it.
 */
export function FilterBar({ report, value, onRun, problem }: { report: ReportDefinition; value: ReportFilters; onRun: (next: ReportFilters) => void; problem: string | null }) {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const facilities = useFacilityChoices();
  const { data: productTypes = [] } = useGetList<{ id: number; ID: number; name: string }>('product_types', { pagination: { page: 1, perPage: 200 }, sort: { field: 'ID', order: 'ASC' } });
  const has = (filter: ReportDefinition['filters'][number]) => report.filters.includes(filter);
  const isAdmin = role === 'admin';
  const isMod = role === 'mod';
  const datesDisabled = isMod && !MOD_PICKS_DATES.has(report.name as ReportKind);
  const zone = defaultTimeZone(draft.facilities[0] ?? 1);
  const today = todayIn(zone);
  const modLimits = isMod && report.name !== 'trials' ? { min: modEarliest(today), max: today } : {};
  const set = (patch: Partial<ReportFilters>) => setDraft((d) => ({ ...d, ...patch }));

  const run = () => onRun(draft);

  return (
    <Box component="form" role="search" onSubmit={(e) => { e.preventDefault(); run(); }} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      {has('basis') && (
        <TextField fullWidth={false} select size="small" label={translate('reports.filters.basis')} value={draft.basis} onChange={(e) => set({ basis: e.target.value as ReportFilters['basis'] })} sx={{ minWidth: 150 }}>
          <MenuItem value="cash">{translate('reports.filters.cash')}</MenuItem>
          <MenuItem value="activity">{translate('reports.filters.activity')}</MenuItem>
        </TextField>
      )}
      {has('dates') && (
        <>
          <TextField fullWidth={false} sx={{ width: 170 }} type="date" size="small" label={translate('reports.filters.start')} value={draft.start} disabled={datesDisabled}
            onChange={(e) => set({ start: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: modLimits }} />
          <TextField fullWidth={false} sx={{ width: 170 }} type="date" size="small" label={translate('reports.filters.end')} value={draft.end} disabled={datesDisabled}
            onChange={(e) => set({ end: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: modLimits }} />
        </>
      )}
      {isAdmin && (has('facilities') || has('facility')) && (
        <TextField fullWidth={false} select size="small" label={translate('reports.filters.facility')} sx={{ minWidth: 200 }}
          value={has('facility') ? String(draft.facilities[0] ?? '') : draft.facilities.map(String)}
          slotProps={{ select: { multiple: has('facilities') } }}
          onChange={(e) => {
            const picked = e.target.value as unknown as string | string[];
            set({ facilities: (Array.isArray(picked) ? picked : [picked]).filter(Boolean).map(Number) });
          }}>
          {facilities.map((f) => <MenuItem key={f.ID} value={String(f.ID)}>{f.name}</MenuItem>)}
        </TextField>
      )}
      {has('event_type') && (
        <TextField fullWidth={false} select size="small" label={translate('reports.filters.event_type')} sx={{ minWidth: 180 }} value={draft.productTypes.map(String)}
          slotProps={{ select: { multiple: true } }} onChange={(e) => set({ productTypes: (e.target.value as unknown as string[]).map(Number) })}>
          {productTypes.map((t) => <MenuItem key={t.ID} value={String(t.ID)}>{t.name}</MenuItem>)}
        </TextField>
      )}
      {has('payment_type') && (
        <TextField fullWidth={false} select size="small" label={translate('reports.filters.payment_type')} sx={{ minWidth: 160 }} value={draft.paymentTypes}
          slotProps={{ select: { multiple: true } }} onChange={(e) => set({ paymentTypes: e.target.value as unknown as string[] })}>
          {PAYMENT_METHODS.map((m) => <MenuItem key={m} value={m}>{translate(`values.payment_methods.${m}`)}</MenuItem>)}
        </TextField>
      )}
      {has('active') && (
        <TextField fullWidth={false} select size="small" label={translate('reports.filters.active')} sx={{ minWidth: 110 }} value={draft.active} onChange={(e) => set({ active: e.target.value as ReportFilters['active'] })}>
          <MenuItem value="">{translate('reports.filters.any')}</MenuItem>
          <MenuItem value="yes">{translate('reports.filters.yes')}</MenuItem>
          <MenuItem value="no">{translate('reports.filters.no')}</MenuItem>
        </TextField>
      )}
      {has('league') && <LeaguePicker facilities={draft.facilities} value={draft.league} onChange={(league) => set({ league })} />}
      {has('event_status') && (['invoiced_paid', 'invoiced_unpaid', 'uninvoiced'] as const).map((key) => (
        <FormControlLabel key={key} label={translate(`reports.filters.${key}`)}
          control={<Checkbox checked={draft.statuses[key]} onChange={(e) => set({ statuses: { ...draft.statuses, [key]: e.target.checked } })} />} />
      ))}
      {has('exclude_tax') && (
        <FormControlLabel label={translate('reports.filters.exclude_tax')}
          control={<Checkbox checked={draft.excludeTax} onChange={(e) => onRun({ ...draft, excludeTax: e.target.checked })} />} />
      )}
      <Button type="submit" variant="contained">{translate(`reports.filters.${report.button}`)}</Button>
      {problem && <Box role="alert" data-testid="range-problem" sx={{ color: 'error.main', width: '100%' }}>{translate(MESSAGE_KEYS[problem] ?? problem, { _: problem })}</Box>}
      {isMod && datesDisabled && <Box sx={{ color: 'text.secondary', width: '100%', fontSize: 13 }}>{translate('reports.filters.mod_range')}</Box>}
    </Box>
  );
}

/** The League filter: the leagues and seasons of the chosen facilities, by name; the URL keeps the ID. */
function LeaguePicker({ facilities, value, onChange }: { facilities: number[]; value: string; onChange: (league: string) => void }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { data: leagues = [], isPending } = useQuery({
    queryKey: ['reportLeagues', facilities], queryFn: () => dataProvider.reportLeagues(facilities), staleTime: 60_000,
  });
  const chosen = leagues.find((l) => String(l.ID) === value) ?? null;
  return (
    <Autocomplete<ReportLeague>
      size="small" sx={{ width: 260 }} options={leagues} loading={isPending} value={chosen}
      onChange={(_event, league) => onChange(league ? String(league.ID) : '')}
      getOptionLabel={(l) => l.name} getOptionKey={(l) => l.ID} isOptionEqualToValue={(a, b) => a.ID === b.ID}
      renderInput={(params) => <TextField {...params} label={translate('reports.filters.league')} />}
    />
  );
}
