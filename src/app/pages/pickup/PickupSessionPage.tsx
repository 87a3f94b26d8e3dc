import { Checkbox, Chip, IconButton, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTouchlineDataProvider } from '../../../../dataProvider';
import { dateTime } from '../../../kit/components/format';
import { useDialogs } from '../../../kit/layout/dialogs';
import '../../../../resources/contract/messages';
import { shownEmail } from '../../../kit/components/ContactText';
import { WaitingTable } from '../../../kit/components/WaitingTable/WaitingTable';
import { removePickupPlayer, removePickupWaitlist } from '../../../../core/api/pickup';

// /pickup/{id}: one session with its events (games) and each game's players, checked in or not, those
// signed up from the families' portal marked online; staff may remove a player of a coming game (its
// place goes to the first in line; the invoice the player paid stays as it is); and a full game's
// waitlist, whose entries staff may remove.

const nameOf = (p: { customer: { first_name: string; last_name: string } }) => `${p.customer.first_name} ${p.customer.last_name}`;

export default function PickupSessionPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run, confirmDelete } = useDialogs();
  const { data: session, refetch } = useQuery({ queryKey: ['pickupSession', Number(id)], queryFn: () => dataProvider.pickupSession(Number(id)) });
  const title = <Title title={translate('pickup.session', { id })} />;
  if (!session) return title;
  const zone = session.facility.time_zone;
  const toggle = async (playerId: number, present: boolean) => { if (await run(() => dataProvider.checkInPickup(playerId, present))) void refetch(); };
  const remove = async (playerId: number, name: string) => {
    if (!await confirmDelete({ message: translate('pickup.remove_confirm', { name }) })) return;
    if (await run(() => dataProvider.call(removePickupPlayer, { params: { id: playerId } }))) void refetch();
  };
  const unwait = async (entryId: number) => { if (await run(() => dataProvider.call(removePickupWaitlist, { params: { id: entryId } }))) void refetch(); };
  return (
    <Paper sx={{ m: 2, p: 2 }}>
      {title}
      <Stack spacing={1}>
        <Typography variant="h6">{`${session.facility.name} — ${translate(`contracts.weekdays.${session.slot.day}`)} — ${session.field.name}`}</Typography>
        <Link component={RouterLink} to={`/contract/${session.contract.ID}`}>{session.contract.name}</Link>
        {session.events?.map((e) => (
          <Stack key={e.ID} spacing={0.5} data-testid={`pickup-event-${e.ID}`}>
            <Typography variant="subtitle2">{dateTime(e.start_date, zone)}</Typography>
            {e.players.length === 0 ? <Typography variant="body2" color="text.secondary">{translate('pickup.no_players')}</Typography> : (
              <Table size="small">
                <TableHead><TableRow>{['customer', 'contact', 'checked_in', 'actions'].map((c) => <TableCell key={c}>{translate(`pickup.columns.${c}`)}</TableCell>)}</TableRow></TableHead>
                <TableBody>
                  {e.players.map((p) => (
                    <TableRow key={p.ID}>
                      <TableCell>
                        <Link component={RouterLink} to={`/customer/${p.customer.ID}`}>{nameOf(p)}</Link>
                        {p.source === 'online' && <Chip size="small" variant="outlined" label={translate('pickup.online')} sx={{ ml: 1 }} />}
                      </TableCell>
                      <TableCell>{shownEmail(p.customer.email) ?? p.customer.phone}</TableCell>
                      <TableCell><Checkbox checked={p.checked_in} onChange={(ev) => void toggle(p.ID, ev.target.checked)} inputProps={{ 'aria-label': translate('pickup.columns.checked_in') }} /></TableCell>
                      <TableCell>
                        <Tooltip title={translate('pickup.remove')}>
                          <IconButton size="small" aria-label={`${translate('pickup.remove')}: ${nameOf(p)}`} onClick={() => void remove(p.ID, nameOf(p))}><DeleteIcon fontSize="small" /></IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <WaitingTable entries={e.waitlist} zone={zone} onRemove={(entry) => unwait(entry.ID)} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
