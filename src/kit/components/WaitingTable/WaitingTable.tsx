import { Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import type { WaitingEntry } from '../../../../core/api/pickup';
import { useDialogs } from '../../layout/dialogs';
import { dateTime } from '../format';
import './messages';

// A pickup game's or a division's waitlist as staff see it (issue 44 item 5): first in line first, who
// (a division's: the team and its captain), when they joined, Online, until when a place is held for
// them; Remove (confirmed) takes an entry off, its held place going to the next in line.

interface Props {
  entries: WaitingEntry[];
  /** The facility's time zone: the dates shown. */
  zone: string;
  /** A division's: the team's name column. */
  teams?: boolean;
  /** Removes the entry (confirmed already). */
  onRemove(entry: WaitingEntry): unknown;
}

const nameOf = (e: WaitingEntry) => `${e.customer.first_name} ${e.customer.last_name}`;

export function WaitingTable({ entries, zone, teams = false, onRemove }: Props) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  if (!entries.length) return null;
  const remove = async (entry: WaitingEntry) => {
    const name = entry.team_name ?? nameOf(entry);
    if (await dialogs.confirmDelete({ message: translate('waiting.remove_confirm', { name }) })) await onRemove(entry);
  };
  const columns = teams ? ['team', 'name', 'joined', 'offer', 'actions'] : ['name', 'joined', 'offer', 'actions'];
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>{translate('waiting.title')}</Typography>
      <Table size="small" aria-label={translate('waiting.title')}>
        <TableHead><TableRow>{columns.map((c) => <TableCell key={c}>{translate(`waiting.columns.${c}`)}</TableCell>)}</TableRow></TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.ID}>
              {teams && <TableCell>{e.team_name}</TableCell>}
              <TableCell>
                {nameOf(e)}
                {e.source === 'online' && <Chip size="small" variant="outlined" label={translate('waiting.online')} sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell>{dateTime(e.CreatedAt, zone)}</TableCell>
              <TableCell>{e.offered_until === null ? '' : dateTime(e.offered_until, zone)}</TableCell>
              <TableCell>
                <Tooltip title={translate('waiting.remove')}>
                  <IconButton size="small" aria-label={`${translate('waiting.remove')}: ${e.team_name ?? nameOf(e)}`} onClick={() => void remove(e)}><DeleteIcon fontSize="small" /></IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
