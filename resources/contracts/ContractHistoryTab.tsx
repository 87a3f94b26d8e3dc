import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useTouchlineDataProvider } from '../../dataProvider';
import { dateTime, money } from './shared';
import './messages';

// The History tab (spec 2 §2): date, action, events modified, hours added, total price variation; the
// document's actions are one merged row (the server merges them).

export function ContractHistoryTab({ contractId, zone }: { contractId: number; zone: string }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { data = [] } = useQuery({ queryKey: ['contractHistory', contractId], queryFn: () => dataProvider.contractHistory(contractId) });
  const action = (row: (typeof data)[number]) => (row.action === 'document'
    ? `${translate('contracts.history.actions.document')}: ${row.actions.map((a) => translate(`contracts.history.actions.${a}`)).join(', ')}`
    : translate(`contracts.history.actions.${row.action}`));
  return (
    <Table size="small" data-testid="contract-history">
      <TableHead>
        <TableRow>
          {['date', 'action', 'events', 'hours', 'price'].map((c) => <TableCell key={c}>{translate(`contracts.history.${c}`)}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((row) => (
          <TableRow key={row.ID}>
            <TableCell>{dateTime(row.created_at, zone)}</TableCell>
            <TableCell>{action(row)}</TableCell>
            <TableCell>{row.number_modified_events}</TableCell>
            <TableCell>{row.quantity_variation}</TableCell>
            <TableCell>{money(row.total_price_variation)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
