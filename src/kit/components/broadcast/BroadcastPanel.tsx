import { lazy, Suspense, useState } from 'react';
import { Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import { useQuery } from '@tanstack/react-query';
import { usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../../../core/constants';
import { can } from '../../../../core/permissions';
import { formatDateTime } from '../../../../core/time';
import { useTouchlineDataProvider, type BroadcastSource } from '../../../../dataProvider';
import type { BroadcastVariant } from './variant';

// The Broadcast message button of the league, team and class pages (spec 3 §2.5, §2.14, §2.16) and the
// broadcasts sent from the page with their sent / failed counts (issue 29 item 3). The dialog, with its
// rich-text editor, loads on the first click.

const BroadcastDialog = lazy(() => import('./BroadcastDialog'));

export interface BroadcastPanelProps {
  variant: BroadcastVariant;
  source: BroadcastSource;
  facilityId: number;
  /** The time zone the dates show in (the facility's). */
  timeZone: string;
  /** A class season's Divisions filter: the divisions whose parents receive it. */
  filter?: string;
}

export function BroadcastPanel({ variant, source, facilityId, timeZone, filter }: BroadcastPanelProps) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { permissions } = usePermissions<Role>();
  const [open, setOpen] = useState(false);
  const allowed = can(permissions, 'broadcasts', 'create');
  const sent = useQuery({
    queryKey: ['broadcasts', source],
    queryFn: () => dataProvider.listBroadcasts(source),
    enabled: can(permissions, 'broadcasts', 'list'),
    // While mails go out, the counts move.
    refetchInterval: (query) => (query.state.data?.some((b) => b.sent_count + b.failed_count < b.recipient_count) ? 3000 : false),
  });
  if (!allowed) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="broadcasts">
      <Button variant="outlined" startIcon={<EmailIcon />} onClick={() => setOpen(true)}>{translate('broadcast.button')}</Button>
      {(sent.data?.length ?? 0) > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2">{translate('broadcast.list_title')}</Typography>
          <Table size="small" aria-label={translate('broadcast.list_title')}>
            <TableHead>
              <TableRow>
                {(['subject', 'date', 'recipients', 'sent', 'failed'] as const).map((c) => <TableCell key={c}>{translate(`broadcast.columns.${c}`)}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {sent.data!.map((b) => (
                <TableRow key={b.ID}>
                  <TableCell>{b.subject}</TableCell>
                  <TableCell>{formatDateTime(b.CreatedAt, timeZone)}</TableCell>
                  <TableCell>{b.recipient_count}</TableCell>
                  <TableCell>{b.sent_count}</TableCell>
                  <TableCell>{b.failed_count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {open && (
        <Suspense fallback={null}>
          <BroadcastDialog variant={variant} source={source} facilityId={facilityId} filter={filter} onClose={() => setOpen(false)} onSent={() => void sent.refetch()} />
        </Suspense>
      )}
    </Paper>
  );
}
