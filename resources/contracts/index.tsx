import { lazy } from 'react';
import DescriptionIcon from '@mui/icons-material/Description';
import type { ResourceProps } from 'react-admin';
import { RequirePage } from '../../src/layout/RequirePage';

const List = lazy(() => import('./ContractList'));
const Detail = lazy(() => import('./ContractDetail'));

/**
 * Contracts (spec 2 §2): /contract is the list, /contract/{id} the detail (left card; Events, Invoice
 * and History tabs) in react-admin's `edit` slot, every change going through its dialogs.
 */
const contracts: ResourceProps = {
  name: 'contract',
  list: () => <RequirePage page="page:contracts"><List /></RequirePage>,
  edit: () => <RequirePage page="page:contracts"><Detail /></RequirePage>,
  icon: DescriptionIcon,
  recordRepresentation: 'name',
};
export default contracts;
