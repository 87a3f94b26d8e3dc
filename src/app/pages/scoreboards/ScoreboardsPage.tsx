import { useCallback, useState, type ChangeEvent } from 'react';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { Title, useGetList, usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../../../core/constants';
import { useTouchlineDataProvider } from '../../../../dataProvider';
import type { Scoreboard } from '../../../../core/scoreboards/protocol';
import { FacilityScope } from '../../../kit/components/FacilityScope';
import { useDialogs } from '../../../kit/layout/dialogs';
import { useFacilityChoices } from '../../../kit/layout/facilities';
import { ScoreboardCard } from './ScoreboardCard';
import { useScoreboardSocket } from './useScoreboardSocket';
import './messages';

// /scoreboards (spec 1 §2): a card per board, live through the scoreboard socket; filters by facility
// (admins) and Online/Offline; Change Background uploads an image the boards receive.

type Status = 'all' | 'online' | 'offline';

const ALL_ROWS = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'port', order: 'ASC' as const } };

export default function ScoreboardsPage() {
  const translate = useTranslate();
  const { confirm, run, notifySuccess } = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { permissions } = usePermissions<Role>();
  const isAdmin = permissions === 'admin';
  const { data: listed = [] } = useGetList<Scoreboard & { id: number }>('scoreboards', ALL_ROWS);
  const facilities = useFacilityChoices({ enabled: isAdmin });
  /** The newest state of each board the socket or a reset has brought, over the listed one. */
  const [live, setLive] = useState<Record<number, Scoreboard>>({});
  const [facilityIds, setFacilityIds] = useState<number[]>([]);
  const [status, setStatus] = useState<Status>('all');

  const receive = useCallback((scoreboard: Scoreboard) => setLive((current) => ({ ...current, [scoreboard.ID]: scoreboard })), []);
  useScoreboardSocket(receive);

  const boards = listed
    .map((row) => live[row.ID] ?? row)
    .filter((board) => facilityIds.length === 0 || facilityIds.includes(board.facility.ID))
    .filter((board) => status === 'all' || board.connected === (status === 'online'));

  const reset = async (board: Scoreboard) => {
    // A reset wipes the score of a game that may be live: say which, and ask first.
    const where = translate('scoreboards.field', { number: board.field.number, name: board.field.name });
    const message = board.game
      ? translate('scoreboards.reset_confirm_game', { where, score: `${board.game.home} ${board.game.home_score} – ${board.game.away_score} ${board.game.away}` })
      : translate('scoreboards.reset_confirm', { where });
    if (!(await confirm({ title: translate('scoreboards.reset_title'), message }))) return;
    const answer = await run(() => dataProvider.resetScoreboard(board.ID));
    if (!answer) return;
    receive(answer);
    notifySuccess('scoreboards.reset_done', { messageArgs: { where } });
  };

  const changeBackground = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const answer = await run(() => dataProvider.uploadScoreboardBackground(file));
    if (answer) notifySuccess('scoreboards.background_changed', { messageArgs: { smart_count: answer.scoreboards } });
  };

  return (
    <>
      <Title title={translate('page.scoreboards')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', my: 2 }}>
        {isAdmin && (
          <TextField
            select
            size="small"
            fullWidth={false}
            margin="none"
            sx={{ minWidth: 220 }}
            label={translate('scoreboards.facility')}
            value={facilityIds}
            slotProps={{ select: { multiple: true } }}
            onChange={(event) => setFacilityIds((event.target.value as unknown as number[]).map(Number))}
          >
            {facilities.map((facility) => (
              <MenuItem key={facility.ID} value={facility.ID}>
                {facility.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          size="small"
          fullWidth={false}
          margin="none"
          sx={{ minWidth: 160 }}
          label={translate('scoreboards.status')}
          value={status}
          onChange={(event) => setStatus(event.target.value as Status)}
        >
          <MenuItem value="all">{translate('scoreboards.all')}</MenuItem>
          <MenuItem value="online">{translate('scoreboards.online')}</MenuItem>
          <MenuItem value="offline">{translate('scoreboards.offline')}</MenuItem>
        </TextField>
        <Button component="label" variant="contained" startIcon={<UploadIcon />}>
          {translate('scoreboards.change_background')}
          <input hidden type="file" accept="image/png,image/jpeg,image/webp" onChange={changeBackground} />
        </Button>
        <FacilityScope />
      </Box>
      {boards.length === 0 ? (
        <Typography color="text.secondary">{translate('scoreboards.none')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
          {boards.map((board) => (
            <ScoreboardCard key={board.ID} scoreboard={board} onReset={reset} />
          ))}
        </Box>
      )}
    </>
  );
}
