import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import type { SettingsResource } from '../../src/components/settings/types';
import { GlList } from './GlList';

/** General ledger codes (spec 1 §3): the gl tab of /resources. */
const gls: SettingsResource = { name: 'gls', list: GlList, icon: AccountBalanceIcon, recordRepresentation: 'code' };
export default gls;
