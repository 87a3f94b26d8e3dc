import PercentIcon from '@mui/icons-material/Percent';
import { namePercentResource } from '../../src/kit/components/settings/namePercentResource';

/** Taxes (spec 1 §3): listed and edited on the tax tab of /resources. */
export default namePercentResource('taxes', PercentIcon, () => import('../../core/api/settings').then((m) => m.taxes));
