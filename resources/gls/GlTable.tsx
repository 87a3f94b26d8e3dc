import { useState } from 'react';
import { Link, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { showPath } from '../../src/kit/entity/paths';
import { matchesEveryWord } from './matchesEveryWord';
import '../newproduct/messages';

// The GLs tab of /products (spec 3 §2.1): code, product (type) name and season name, filtered by a
// text whose every word must appear in one of them. A code links to the GL's page.

interface GlRow {
  id: number;
  code: string;
  product_type?: { name: string } | null;
  season?: { name: string } | null;
}

export function GlTable() {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const { data = [] } = useGetList<GlRow>('gls', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'code', order: 'ASC' } });
  const rows = data.filter((gl) => matchesEveryWord([gl.code, gl.product_type?.name, gl.season?.name], query));
  return (
    <>
      <TextField label={translate('products_page.filter')} value={query} onChange={(e) => setQuery(e.target.value)} size="small" sx={{ my: 2 }} />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('products_page.code')}</TableCell>
            <TableCell>{translate('products_page.product')}</TableCell>
            <TableCell>{translate('products_page.season')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((gl) => (
            <TableRow key={gl.id}>
              <TableCell><Link component={RouterLink} to={showPath('gls', gl.id)}>{gl.code}</Link></TableCell>
              <TableCell>{gl.product_type?.name ?? ''}</TableCell>
              <TableCell>{gl.season?.name ?? ''}</TableCell>
            </TableRow>
          ))}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>{translate('products_page.no_gls')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </>
  );
}
