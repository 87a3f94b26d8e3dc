import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { EntityResource } from '../../src/kit/entity/types';

/**
 * Customers (spec 1 §2): /customer is the search (the list: react-admin's ListBase, its `q` filter the
 * words; New customer is the add-participant wizard over it), /customer/{id} the profile with its tabs
 * and dialogs (the show view), /customer/{id}/edit the customer's details, /customer/create the wizard
 * at an address of its own.
 */
const customer: EntityResource = {
  name: 'customer',
  entity: () => import('../../core/api/customers').then((m) => m.customerEntity),
  list: lazy(() => import('./CustomerList')),
  show: lazy(() => import('./CustomerShow')),
  edit: lazy(() => import('./CustomerEdit')),
  create: lazy(() => import('./CustomerCreate')),
  icon: PeopleIcon,
  recordRepresentation: (record) => `${record.first_name ?? ''} ${record.last_name ?? ''}`.trim(),
};
export default customer;
