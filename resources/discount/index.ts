import { lazy } from 'react';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { ResourceProps } from 'react-admin';

/** Discounts and their rules (spec 1 §2): /discount, the rules at /discount?view=rules; dialogs add them. */
const discount: ResourceProps = {
  name: 'discount',
  list: lazy(() => import('./DiscountsPage')),
  icon: LocalOfferIcon,
  recordRepresentation: 'name',
};
export default discount;
