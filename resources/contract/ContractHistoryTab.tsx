import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { contractHistory } from '../../core/api/contracts';
import { useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { dateTime, money } from './shared';
import './messages';

// The History tab (spec 2 §2): date, action, events modified, hours added, total price variation; the
// document's actions are one merged row (the server merges them). Kept under the contract: every
// change to it reads the history again.

export function ContractHistoryTab({ contractId, zone }: { contractId: number; zone: string }) {
  const translate = useTranslate();
  const { data = [] } = useDeclaredQuery('contract', contractHistory, { params: { id: contractId } });
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
