import {
  Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, Table, TableBody, TableCell, TableRow, TextField, Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import type { RepeatRule } from '../../../../core/recurrence';
import type { FieldOption } from './EventDialog';
import type { RepeatList, RowChange } from './repeatList';
import { TypedDateField } from '../../../kit/components/TypedDateField';
import { fromInput, toInput } from './wallClock';
import './messages';

// The repeat section of the add-event dialog (spec 2 §2): daily or weekly, until a date or a count;
// then the checked rows. Each row's field, start and end can be changed (it is then to check again)
// or the row removed; a conflicted row may be kept, a row when the field is closed may not.

export interface RepeatSectionProps {
  rule: RepeatRule;
  zone: string;
  list: RepeatList;
  fields: FieldOption[];
  onRule(change: Partial<RepeatRule>): void;
  onCheck(): void;
  onKeep(index: number): void;
  onEditRow(index: number, change: RowChange): void;
  onRemoveRow(index: number): void;
}

export function RepeatSection({ rule, zone, list, fields, onRule, onCheck, onKeep, onEditRow, onRemoveRow }: RepeatSectionProps) {
  const translate = useTranslate();
  const num = (value: string) => Math.max(1, Math.floor(Number(value) || 1));
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField select label={translate('calendar.dialog.method')} value={rule.method} onChange={(e) => onRule({ method: e.target.value as RepeatRule['method'] })} sx={{ width: 140 }}>
          <MenuItem value="daily">{translate('calendar.dialog.daily')}</MenuItem>
          <MenuItem value="weekly">{translate('calendar.dialog.weekly')}</MenuItem>
        </TextField>
        <TextField type="number" label={translate('calendar.dialog.frequency')} value={rule.frequency} onChange={(e) => onRule({ frequency: num(e.target.value) })} sx={{ width: 90, flexShrink: 0 }} />
        {rule.method === 'weekly' && (
          <TextField select label={translate('calendar.dialog.weekday')} value={rule.weekday ?? 0} onChange={(e) => onRule({ weekday: Number(e.target.value) })} sx={{ width: 160 }}>
            {[0, 1, 2, 3, 4, 5, 6].map((d) => <MenuItem key={d} value={d}>{translate(`calendar.weekdays.${d}`)}</MenuItem>)}
          </TextField>
        )}
        <TextField select label={translate('calendar.dialog.end_method')} value={rule.end_method} onChange={(e) => onRule({ end_method: e.target.value as RepeatRule['end_method'] })} sx={{ width: 220 }}>
          <MenuItem value="count">{translate('calendar.dialog.count')}</MenuItem>
          <MenuItem value="until">{translate('calendar.dialog.until')}</MenuItem>
        </TextField>
        {rule.end_method === 'count' ? (
          <TextField type="number" label={translate('calendar.dialog.times')} value={rule.count ?? 1} onChange={(e) => onRule({ count: num(e.target.value) })} sx={{ width: 90, flexShrink: 0 }} />
        ) : (
          <TypedDateField type="date" label={translate('calendar.dialog.until_date')} slotProps={{ inputLabel: { shrink: true } }} sx={{ width: 170 }}
            value={rule.until ? toInput(rule.until, zone).slice(0, 10) : ''}
            onValue={(value) => onRule({ until: fromInput(`${value}T12:00`, zone) })} />
        )}
      </Stack>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={onCheck}>{translate('calendar.dialog.check')}</Button>
        {list.stale && <Typography color="warning.main" variant="body2">{translate('calendar.dialog.stale')}</Typography>}
      </Stack>
      {list.rows.length > 0 && (
        <Table size="small" aria-label={translate('calendar.dialog.repeat')} sx={{ mt: 1, opacity: list.stale ? 0.5 : 1 }}>
          <TableBody>
            {list.rows.map((row, i) => (
              <TableRow key={i} data-testid="repeat-row" sx={{ bgcolor: row.is_ok || row.to_check ? undefined : 'rgba(229,57,53,0.12)' }}>
                <TableCell sx={{ minWidth: 210 }}>
                  <TypedDateField type="datetime-local" size="small" variant="standard" label={translate('calendar.start')} value={toInput(row.start_date, zone)}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
                    onValue={(value) => {
                      // Like the event's own start: the end follows by the same duration.
                      const start = fromInput(value, zone);
                      if (!Number.isNaN(start)) onEditRow(i, { start_date: start, end_date: row.end_date + (start - row.start_date) });
                    }} />
                </TableCell>
                <TableCell sx={{ minWidth: 110 }}>
                  <TypedDateField type="time" size="small" variant="standard" label={translate('calendar.end')} value={toInput(row.end_date, zone).slice(11)}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
                    onValue={(value) => {
                      const end = fromInput(`${toInput(row.start_date, zone).slice(0, 10)}T${value}`, zone);
                      if (!Number.isNaN(end)) onEditRow(i, { end_date: end });
                    }} />
                </TableCell>
                <TableCell sx={{ minWidth: 130 }}>
                  <TextField select size="small" variant="standard" label={translate('calendar.field')} value={row.field_id} fullWidth
                    onChange={(e) => onEditRow(i, { field_id: Number(e.target.value) })}>
                    {fields.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
                  </TextField>
                </TableCell>
                <TableCell>
                  {row.to_check ? translate('calendar.dialog.to_check')
                    : row.closed ?? (row.is_ok ? translate('calendar.dialog.available')
                      : translate('calendar.dialog.taken', { what: row.events_on_spot.map((e) => `${e.product_type} #${e.ID}`).join(', ') }))}
                </TableCell>
                <TableCell>
                  {!row.is_ok && !row.to_check && !row.closed && (
                    <FormControlLabel control={<Checkbox checked={row.keep} onChange={() => onKeep(i)} />} label={translate('calendar.dialog.keep')} />
                  )}
                </TableCell>
                <TableCell padding="none">
                  <IconButton size="small" aria-label={translate('calendar.dialog.remove_row')} onClick={() => onRemoveRow(i)}><DeleteOutlineIcon fontSize="small" /></IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
