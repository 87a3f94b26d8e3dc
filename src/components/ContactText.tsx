import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { displayEmail } from '../../core/validation/display';

// How an email reads wherever a customer is shown (issue 8 item 15): a child's 'parent@x.com##42' as
// "child of parent@x.com" (the '##ID' is bookkeeping); the full stored address stays in the tooltip.
// Phones are shown through core's formatUsPhone: (718) 555-7880.

export function EmailText({ email }: { email: string }) {
  const translate = useTranslate();
  const { address, child } = displayEmail(email);
  if (!child) return <span style={{ overflowWrap: 'anywhere' }}>{email}</span>;
  return (
    <span title={email}>
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em', whiteSpace: 'nowrap' }}>
        {translate('contact.child_of')}
      </Box>{' '}
      <span style={{ overflowWrap: 'anywhere' }}>{address}</span>
    </span>
  );
}
