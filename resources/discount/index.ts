import { lazy } from 'react';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { EntityLoader, EntityResource } from '../../src/kit/entity/types';

/**
 * Discounts and their rules (spec 1 §2): /discount lists them (the rules at /discount?view=rules; Add
 * new is a dialog over the list), /discount/{id} shows one with its rules, /discount/create adds one,
 * /discount/{id}/edit expires one (the only change a discount admits).
 */
const discount: EntityResource = {
  name: 'discount',
  entity: () => import('../../core/api/discounts').then((m) => m.discountEntity),
  list: lazy(() => import('./DiscountList')),
  show: lazy(() => import('./DiscountShow')),
  edit: lazy(() => import('./DiscountEdit')),
  create: lazy(() => import('./DiscountCreate')),
  icon: LocalOfferIcon,
  recordRepresentation: 'name',
};
export default discount;

/** A discount's rules (the Rules toggle of /discount): read and written through react-admin's hooks. */
export const discountRules: EntityLoader = () => import('../../core/api/discounts').then((m) => m.discountRules);
