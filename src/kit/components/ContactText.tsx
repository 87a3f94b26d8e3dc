import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { displayEmail } from '../../../core/validation/display';

// How an email reads wherever a customer is shown (issue 8 item 15): a child's 'parent@x.com##42' as
// "child of parent@x.com" (the '##ID' is bookkeeping); the full stored address stays in the tooltip.
// Phones are shown through core's formatUsPhone: (718) 555-7880.

/**
 * An email as text (an export's cell, a chip, a message, a copied list): a child's 'parent@x.com##42'
 * is its parent's address; the '##ID' never reaches a screen or a file (issue 41 m2).
 */
export function shownEmail(email: string): string;
export function shownEmail(email: string | null | undefined): string | null;
export function shownEmail(email: string | null | undefined): string | null {
  return email ? displayEmail(email).address : null;
}

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
