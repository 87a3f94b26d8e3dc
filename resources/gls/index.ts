import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import type { SettingsResource } from '../../src/components/settings/types';
import { lazyList } from '../../src/components/settings/lazyList';

/** General ledger codes (spec 1 §3): the gl tab of /resources. */
const gls: SettingsResource = { name: 'gls', list: lazyList(() => import('./GlList'), (m) => m.GlList), icon: AccountBalanceIcon, recordRepresentation: 'code' };
export default gls;
