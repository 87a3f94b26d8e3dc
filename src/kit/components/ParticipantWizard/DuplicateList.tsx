import { Alert, AlertTitle, Button, List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { formatUsPhone } from '../../../../core/validation/phone';
import type { DuplicateCustomer } from '../../../../dataProvider';
import { EmailText } from '../ContactText';
import './messages';

/**
 * The likely duplicates found before creating a customer (issue 8 item 7), each with what it shares
 * and an Open button that goes to its profile instead; the wizard's "Create anyway" goes on.
 */
export function DuplicateList({ duplicates, onOpen }: { duplicates: DuplicateCustomer[]; onOpen(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const t = (key: string) => translate(`participant_wizard.${key}`);
  return (
    <Alert severity="warning" sx={{ mt: 2 }} role="region" aria-label={t('duplicates_title')}>
      <AlertTitle>{t('duplicates_title')}</AlertTitle>
      {t('duplicates_hint')}
      <List dense>
        {duplicates.map((customer) => (
          <ListItem
            key={customer.ID}
            disableGutters
            secondaryAction={
              <Button size="small" onClick={() => { onOpen(); navigate(`/customer/${customer.ID}`); }} aria-label={`${t('open')} ${customer.first_name} ${customer.last_name}`}>
                {t('open')}
              </Button>
            }
          >
            <ListItemText
              primary={`${customer.first_name} ${customer.last_name} · ${customer.matched.map((match) => t(`same_${match}`)).join(', ')}`}
              secondary={
                <>
                  {customer.email && <EmailText email={customer.email} />}
                  {[customer.phone && formatUsPhone(customer.phone), customer.facility.name].filter(Boolean).map((part) => ` · ${part}`).join('')}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
