import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SEARCH_LIMIT } from '../../../core/constants';
import './messages';

/**
 * Under a customer search's results: the server answers at most SEARCH_LIMIT customers, so a full
 * answer may hide more; say so and ask for another word instead of cutting the list silently.
 */
export function LimitNotice({ count }: { count: number }) {
  const translate = useTranslate();
  if (count < SEARCH_LIMIT) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="status" sx={{ p: 1.5 }}>
      {translate('customer_search.limited', { count: SEARCH_LIMIT })}
    </Typography>
  );
}
