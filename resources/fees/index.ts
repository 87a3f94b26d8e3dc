import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { namePercentResource } from '../../src/kit/components/settings/namePercentResource';

/** Fees (spec 1 §3): listed and edited on the fee tab of /resources. */
export default namePercentResource('fees', RequestQuoteIcon, () => import('../../core/api/settings').then((m) => m.fees));
