import { lazy } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import type { SettingsResource } from '../../src/kit/components/settings/types';
import type { EntityLoader, EntityResource } from '../../src/kit/entity/types';
import { lazyList } from '../../src/kit/components/settings/lazyList';

const entity = () => import('../../core/api/settings').then((m) => m.gls);

/**
 * General ledger codes (spec 1 §3): /gls lists them (Add new and edit are dialogs over the list),
 * /gls/{id} shows one with its products, /gls/create and /gls/{id}/edit are the same forms at
 * addresses of their own. The gl tab of /resources and the GLs tab of /products show them too.
 */
const gls: EntityResource = {
  name: 'gls',
  entity,
  list: lazy(() => import('./GlList')),
  show: lazy(() => import('./GlShow')),
  edit: lazy(() => import('./GlEdit')),
  create: lazy(() => import('./GlCreate')),
  icon: AccountBalanceIcon,
  recordRepresentation: 'code',
};
export default gls;

/** The gl tab of /resources (spec 1 §2). */
export const glSettings: SettingsResource = { name: 'gls', entity, list: lazyList(() => import('./GlList'), (m) => m.GlTab), icon: AccountBalanceIcon, recordRepresentation: 'code' };

/** The GL table of /products (loaded when it first renders). */
export const GlTable = lazy(async () => ({ default: (await import('./GlTable')).GlTable }));

/** The seasons a GL names (GET /season): a reference without views. */
export const seasons: EntityLoader = () => import('../../core/api/settings').then((m) => m.seasons);
