import { Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { showBirthdate } from '../../../core/validation/display';
import { formatUsPhone } from '../../../core/validation/phone';
import type { CustomerSummary } from '../../../dataProvider';
import { EmailText } from '../../../src/kit/components/ContactText';
import './messages';

const COLUMNS = ['name', 'location', 'birthdate', 'phone', 'email', 'address'] as const;

/**
 * Customers as the search shows them: Name (a link to /customer/{id}), Location, Birth date, Phone,
 * Email, Address; `action` adds a last cell (the reactivate dialog's button).
 */
export function CustomerTable({ rows, action }: { rows: CustomerSummary[]; action?: (customer: CustomerSummary) => ReactNode }) {
  const translate = useTranslate();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => <TableCell key={column}>{translate(`customer_search.columns.${column}`)}</TableCell>)}
          {action && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((c) => (
          <TableRow key={c.ID} hover>
            <TableCell>
              {c.deleted_at ? `${c.first_name} ${c.last_name}` : <MuiLink component={Link} to={`/customer/${c.ID}`}>{c.first_name} {c.last_name}</MuiLink>}
            </TableCell>
            <TableCell>{c.facility.name}</TableCell>
            <TableCell>{c.birthdate === null ? '' : showBirthdate(c.birthdate)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatUsPhone(c.phone)}</TableCell>
            <TableCell>
              <EmailText email={c.email} />
            </TableCell>
            <TableCell>{c.address}</TableCell>
            {action && <TableCell align="right">{action(c)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
