import { lazy } from 'react';
import DescriptionIcon from '@mui/icons-material/Description';
import type { EntityResource } from '../../src/kit/entity/types';

/**
 * Contracts (spec 2 §2): /contract is the list (Create opens the new contract over it), /contract/{id}
 * the contract's page (left card; Events, Invoice and History tabs), /contract/{id}/edit its name,
 * comment, deposit and event type, /contract/create a new one at an address of its own.
 */
const contracts: EntityResource = {
  name: 'contract',
  entity: () => import('../../core/api/contracts').then((m) => m.contractEntity),
  list: lazy(() => import('./ContractList')),
  show: lazy(() => import('./ContractShow')),
  edit: lazy(() => import('./ContractEdit')),
  create: lazy(() => import('./ContractCreate')),
  icon: DescriptionIcon,
  recordRepresentation: 'name',
};
export default contracts;

/** The customer's contract signing link (issue 12 §5): opens without sign-in. */
export const PublicContractPage = lazy(() => import('./PublicContractPage'));
