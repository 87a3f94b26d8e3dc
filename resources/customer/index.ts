import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';

/**
 * Customers (spec 1 §2): /customer is the search (the list: react-admin's <List>, its `q` filter the
 * words), /customer/{id} the profile with its tabs and dialogs (a ShowBase view in the `edit` slot,
 * whose route is the spec's /customer/{id}).
 */
const customer: ResourceProps = {
  name: 'customer',
  list: lazy(() => import('./search/CustomerSearchPage')),
  edit: lazy(() => import('./profile/CustomerProfilePage')),
  icon: PeopleIcon,
};
export default customer;
