import { Alert, Avatar, Box, LinearProgress, List, ListItem, ListItemAvatar, ListItemText, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { formatChangelogDate } from '../../../../core/time';
import { useTouchlineDataProvider } from '../../../../dataProvider';
import { errorText } from '../../layout/dialogs';
import { useFacilityChoices } from '../../layout/facilities';
import { describeChanges, formatChangeValue, humanize, type ValueWords } from './changes';
import './messages';

// The 'Changes' view (spec 1 §3, §7): the changelog of one record, newest first: an icon for the
// action, the fields it changed as field: old → new (labels from the messages, values as a person
// reads them), who made it and when (DD/MM/YYYY h:mmA in the facility's time zone). Long values wrap
// inside the view: it never widens the page.
// A failed load shows the server's message, never 'No changes recorded yet'.

const ICONS: Record<string, typeof EditIcon> = { create: AddIcon, update: EditIcon, delete: DeleteIcon };

export interface ChangesViewProps {
  /** The kind of record, as the changelog names it: 'facility', 'field' … */
  object: string;
  id: number;
  /** The facility's time zone, in which dates are shown. */
  timeZone: string;
  /** Where the field labels are: 'resources.fields.fields' … (then changes.fields, then the name). */
  labels?: string;
}

export function ChangesView({ object, id, timeZone, labels }: ChangesViewProps) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const facilities = useFacilityChoices({ all: true });
  const label = (field: string) =>
    translate(`${labels ?? 'changes.fields'}.${field}`, { _: translate(`changes.fields.${field}`, { _: humanize(field) }) });
  const words: ValueWords = {
    timeZone,
    yes: translate('changes.yes'),
    no: translate('changes.no'),
    none: translate('changes.empty'),
    childOf: (address) => translate('changes.child_of', { email: address }),
    // Ids a person cannot read are named (issue 22 item 15): facilities by their name, customer types by the spec's.
    nameOf: (field, id) => (field === 'facility_id' ? facilities.find((f) => f.ID === id)?.name
      : field === 'customer_type_id' ? translate(`changes.customer_types.${id}`, { _: '' }) || undefined : undefined),
  };
  const value = (field: string, v: unknown) => formatChangeValue(field, v, words);
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['changelog', object, id],
    queryFn: () => dataProvider.getChangelog(object, id),
  });
  if (isPending) return <LinearProgress sx={{ my: 1 }} />;
  // A refused or failed load is not an empty changelog: say what the server answered (the global
  // error dialog opens as well, as for any failed call, spec 1 §8).
  if (isError) return <Alert severity="error">{errorText(error)}</Alert>;
  const changes = describeChanges(data ?? []);
  if (changes.length === 0) return <Typography color="text.secondary">{translate('changes.none')}</Typography>;

  return (
    <List dense aria-label={translate('changes.title')} sx={{ maxWidth: '100%', overflowWrap: 'anywhere' }}>
      {changes.map(({ entry, lines }) => {
        const Icon = ICONS[entry.action] ?? HistoryIcon;
        const who = entry.user ? `${entry.user.first_name} ${entry.user.last_name}`.trim() : translate('changes.system');
        return (
          <ListItem key={entry.ID} alignItems="flex-start" divider>
            <ListItemAvatar>
              <Avatar sx={{ width: 32, height: 32 }} aria-label={translate(`changes.actions.${entry.action}`, { _: entry.action })}>
                <Icon fontSize="small" />
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              sx={{ minWidth: 0 }}
              primary={
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {lines.map((line) => (
                    <li key={line.field}>
                      <strong>{label(line.field)}</strong>:{' '}
                      {'before' in line ? `${value(line.field, line.before)} → ${value(line.field, line.after)}` : value(line.field, line.after)}
                    </li>
                  ))}
                </Box>
              }
              secondary={translate('changes.by', { who, when: formatChangelogDate(entry.CreatedAt, timeZone) })}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
