import { Suspense, lazy } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ParticipantResult } from '../../src/kit/components/ParticipantWizard';
import { showPath } from '../../src/kit/entity/paths';
import { useDialogs } from '../../src/kit/layout/dialogs';
import '../../src/kit/components/ParticipantWizard/messages';
import './search/messages';

const ParticipantWizard = lazy(() => import('../../src/kit/components/ParticipantWizard/ParticipantWizard').then((m) => ({ default: m.ParticipantWizard })));

/**
 * /customer/create: New customer (spec 1 §2), the add-participant wizard the search opens over its
 * list, at an address of its own: an adult or a child with its family, found again rather than
 * duplicated; then the customer's profile. Closed, it leaves for the search.
 */
export default function CustomerCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { notifySuccess } = useDialogs();
  const done = ({ customer, created }: ParticipantResult) => {
    if (created) notifySuccess('customer_messages.created');
    navigate(showPath('customer', customer.ID));
  };
  return (
    <>
      <Title title={translate('customer_search.new')} />
      <Suspense fallback={null}>
        <ParticipantWizard open onClose={() => navigate('/customer')} onDone={done} title="customer_search.new" />
      </Suspense>
    </>
  );
}
