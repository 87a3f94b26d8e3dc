import { useState } from 'react';
import {
  Box, Button, Card, CardActionArea, CardContent, CardMedia, Chip, IconButton, MenuItem, Modal, Pagination, Paper, Stack, TextField, Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { ListBase, Title, useGetList, useListContext, useNotify, usePermissions, useTranslate, useUpdate } from 'react-admin';
import { MEDIA_PAGE_SIZES, type MediaRow } from '../../core/api/media';
import type { Role } from '../../core/constants';
import { MEDIA_AGE_GROUPS, MEDIA_DATE_RANGES, MEDIA_DELETED, MEDIA_SEASONS, mediaAgeGroup, mediaSeason } from '../../core/media';
import { can } from '../../core/permissions';
import { formatDateTime } from '../../core/time';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import './messages';

// /media (spec 3 §2.18): filters Date range, Facility (admins), Product, Season, Age group, Deleted; a
// grid of thumbnails with tag chips (season, Adult/Youth, derived here from the row: core/media.ts)
// and a deleted chip; a photo opens the right drawer Details with the image, Download, and Delete or
// Restore for who may edit media. The page is a ListBase (react-admin's List brings its table
// pagination), the drawer a Modal with a Paper on the right, the paging MUI's Pagination: MUI's Drawer
// and the table pagination's cells would split chunks that /customer's first load shares (bench/FIRST_LOAD.md).

type Row = MediaRow & { id: number };

const tagsOf = (r: MediaRow) => ({
  season: mediaSeason(r.date, r.facility.time_zone),
  age: mediaAgeGroup(r.event?.product_type.reporting),
});

function Filters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { permissions: role } = usePermissions<Role>();
  const facilities = useFacilityChoices();
  const { data: productTypes = [] } = useGetList<{ id: number; ID: number; name: string }>('product_types', {
    pagination: { page: 1, perPage: 200 }, sort: { field: 'ranking', order: 'ASC' },
  }, { staleTime: 5 * 60_000 });
  const set = (key: string, value: unknown) =>
    setFilters(Object.fromEntries(Object.entries({ ...filterValues, [key]: value }).filter(([, v]) => v !== '' && v !== undefined)), {});
  const select = (key: string, label: string, options: Array<[string | number, string]>, width = 150) => (
    <TextField select size="small" fullWidth={false} sx={{ minWidth: width }} label={translate(`media_gallery.filters.${label}`)}
      value={filterValues[key] ?? ''} onChange={(e) => set(key, e.target.value === '' ? undefined : e.target.value)}>
      <MenuItem value="">{translate('media_gallery.filters.any')}</MenuItem>
      {options.map(([value, text]) => <MenuItem key={value} value={value}>{text}</MenuItem>)}
    </TextField>
  );
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ p: 1 }}>
      {select('date_range', 'date_range', MEDIA_DATE_RANGES.map((r) => [r, translate(`media_gallery.date_ranges.${r}`)]))}
      {role === 'admin' && select('facility_id', 'facility', facilities.map((f) => [f.ID, f.name]), 170)}
      {select('product_type_id', 'product', productTypes.map((p) => [p.ID, p.name]), 190)}
      {select('season', 'season', MEDIA_SEASONS.map((s) => [s, translate(`media_gallery.seasons.${s}`)]))}
      {select('age_group_id', 'age_group', Object.entries(MEDIA_AGE_GROUPS).map(([name, id]) => [id, translate(`media_gallery.age_groups.${name}`)]))}
      {select('deleted', 'deleted', [[MEDIA_DELETED.YES, translate('media_gallery.filters.yes')], [MEDIA_DELETED.NO, translate('media_gallery.filters.no')]], 120)}
    </Stack>
  );
}

function Tags({ row }: { row: MediaRow }) {
  const translate = useTranslate();
  const { season, age } = tagsOf(row);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      <Chip size="small" label={translate(`media_gallery.seasons.${season}`)} />
      <Chip size="small" label={translate(`media_gallery.age_groups.${age}`)} />
      {!row.to_keep && <Chip size="small" color="error" icon={<DeleteIcon />} label={translate('media_gallery.deleted')} />}
    </Stack>
  );
}

const describe = (translate: ReturnType<typeof useTranslate>, r: MediaRow) => translate('media_gallery.photo', {
  id: r.ID, type: r.event?.product_type.name ?? translate('media_gallery.details.no_event'), date: formatDateTime(r.date, r.facility.time_zone),
});

function Grid({ onOpen }: { onOpen(row: Row): void }) {
  const translate = useTranslate();
  const { data = [], isPending } = useListContext<Row>();
  if (!isPending && !data.length) return <Typography sx={{ p: 2 }}>{translate('media_gallery.empty')}</Typography>;
  return (
    <Box component="ul" aria-label={translate('media_gallery.title')}
      sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
      {data.map((row) => (
        <Card component="li" key={row.ID} variant="outlined">
          <CardActionArea onClick={() => onOpen(row)} aria-label={describe(translate, row)}>
            {/* A deleted photo is faded, its text is not (faded text fell below 4.5:1): its Deleted chip says it. */}
            <CardMedia component="img" image={row.thumbnail} alt={describe(translate, row)} loading="lazy" sx={{ aspectRatio: '4 / 3', objectFit: 'cover', opacity: row.to_keep ? 1 : 0.6 }} />
          </CardActionArea>
          <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
            <Typography variant="caption" component="p" noWrap>{row.event?.product_type.name ?? translate('media_gallery.details.no_event')} · {row.facility.name}</Typography>
            <Typography variant="caption" component="p" color="text.secondary">{formatDateTime(row.date, row.facility.time_zone)}</Typography>
            <Tags row={row} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function Details({ row, onClose }: { row: Row; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions: role } = usePermissions<Role>();
  const [update, { isPending }] = useUpdate<Row>();
  const { data = [] } = useListContext<Row>();
  // The drawer shows the row as the list has it now (after a delete or restore).
  const current = data.find((r) => r.ID === row.ID) ?? row;
  const setKept = (to_keep: boolean) => update('media', { id: current.id, data: { to_keep }, previousData: current }, {
    mutationMode: 'pessimistic',
    onSuccess: () => notify(to_keep ? 'media_gallery.details.restored_done' : 'media_gallery.details.deleted_done', { type: 'success' }),
  });
  const fileName = current.s3_url.slice(current.s3_url.lastIndexOf('/') + 1);
  const line = (label: string, value: string) => (
    <Box><Typography variant="caption" color="text.secondary">{translate(`media_gallery.details.${label}`)}</Typography><Typography variant="body2">{value}</Typography></Box>
  );
  return (
    <Modal open onClose={onClose}>
      <Paper square role="dialog" aria-modal="true" aria-labelledby="media-details-title" tabIndex={-1}
        sx={{ position: 'fixed', top: 0, right: 0, bottom: 0, width: { xs: '100%', sm: 480 }, overflowY: 'auto', outline: 0 }}>
        <Stack direction="row" alignItems="center" sx={{ p: 1, pl: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Typography id="media-details-title" variant="h6" component="h2" sx={{ flex: 1 }}>{translate('media_gallery.details.title')}</Typography>
          <IconButton aria-label={translate('media_gallery.details.close')} onClick={onClose}><CloseIcon /></IconButton>
        </Stack>
        <Stack spacing={2} sx={{ p: 2 }}>
          <Box component="img" src={current.s3_url} alt={describe(translate, current)} sx={{ width: '100%', borderRadius: 1 }} />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<DownloadIcon />} href={current.s3_url} download={fileName}>{translate('media_gallery.details.download')}</Button>
            {can(role, 'media', 'edit') && (current.to_keep
              ? <Button color="error" startIcon={<DeleteIcon />} disabled={isPending} onClick={() => setKept(false)}>{translate('media_gallery.details.delete')}</Button>
              : <Button startIcon={<RestoreIcon />} disabled={isPending} onClick={() => setKept(true)}>{translate('media_gallery.details.restore')}</Button>)}
          </Stack>
          {line('facility', current.facility.name)}
          {line('field', current.field?.name ?? '')}
          {line('product', current.event?.product_type.name ?? translate('media_gallery.details.no_event'))}
          {line('date', formatDateTime(current.date, current.facility.time_zone))}
          <Box><Typography variant="caption" color="text.secondary">{translate('media_gallery.details.tags')}</Typography><Tags row={current} /></Box>
        </Stack>
      </Paper>
    </Modal>
  );
}

/** Pages of the grid: the page numbers and the page size. */
function Paging() {
  const translate = useTranslate();
  const { page, perPage, total = 0, setPage, setPerPage } = useListContext();
  return (
    <Stack direction="row" spacing={2} alignItems="center" justifyContent="flex-end" sx={{ p: 1 }}>
      <TextField select size="small" fullWidth={false} sx={{ minWidth: 150 }} label={translate('media_gallery.per_page')} value={perPage} onChange={(e) => setPerPage(Number(e.target.value))}>
        {MEDIA_PAGE_SIZES.map((n) => <MenuItem key={n} value={n}>{n}</MenuItem>)}
      </TextField>
      <Pagination count={Math.max(1, Math.ceil(total / perPage))} page={page} onChange={(_e, p) => setPage(p)} />
    </Stack>
  );
}

export default function MediaList() {
  const translate = useTranslate();
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <ListBase resource="media" perPage={MEDIA_PAGE_SIZES[0]} sort={{ field: 'date', order: 'DESC' }}>
      <Title title={translate('media_gallery.title')} />
      <Paper sx={{ mt: 1 }}>
        <Filters />
        <Grid onOpen={setOpen} />
        <Paging />
      </Paper>
      {open && <Details row={open} onClose={() => setOpen(null)} />}
    </ListBase>
  );
}
