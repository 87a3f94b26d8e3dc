import { lazy } from 'react';
import DescriptionIcon from '@mui/icons-material/Description';
import type { ResourceProps } from 'react-admin';

/**
 * Contracts (spec 2 §2): /contract is the list, /contract/{id} the detail (left card; Events, Invoice
 * and History tabs), a ShowBase view in react-admin's `edit` slot (the spec's route), every change going
 * through its dialogs.
 */
const contracts: ResourceProps = {
  name: 'contract',
  list: lazy(() => import('./ContractList')),
  edit: lazy(() => import('./ContractDetail')),
  icon: DescriptionIcon,
  recordRepresentation: 'name',
};
export default contracts;

/** The customer's contract signing link (issue 12 §5): opens without sign-in. */
export const PublicContractPage = lazy(() => import('./PublicContractPage'));
