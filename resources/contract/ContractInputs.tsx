import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { CONTRACT_DEFAULTS, CONTRACT_PRODUCT_TYPES } from '../../core/validation/contract';
import type { CustomerSummary } from '../../dataProvider';
import { session } from '../../dataProvider/session';
import { CustomerInput } from '../../src/kit/components/CustomerPicker';
import { ParticipantWizard } from '../../src/kit/components/ParticipantWizard';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import './messages';

// The inputs of a new contract (spec 2 §2 Contracts list), in the list's dialog and at /contract/create:
// product type (contract types only), facility (admins choose; others create at their own), main
// hourly fee (100), deposit percentage (50), name (required), comment, customer existing or new adult
// (the participant wizard over the form), Apply processing fee. Checked by POST /contract's declaration.

/** The contract types, named. */
export function useContractTypes() {
  const translate = useTranslate();
  return CONTRACT_PRODUCT_TYPES.map((t) => ({ id: t, name: translate(`contracts.types.${t}`) }));
}

export function ContractInputs() {
  const translate = useTranslate();
  const facilities = useFacilityChoices();
  const types = useContractTypes();
  const isAdmin = session.userType() === 'admin';
  const [wizard, setWizard] = useState(false);
  const [made, setMade] = useState<CustomerSummary | null>(null);
  const facility = (isAdmin ? session.selectedFacility() : session.facilityId()) || undefined;
  return (
    <>
      <SelectInput source="product_type_id" label="contracts.product_type" choices={types} defaultValue={CONTRACT_PRODUCT_TYPES[0]} fullWidth />
      <SelectInput source="facility_id" label="contracts.facility" choices={facilities} optionValue="ID" optionText="name" defaultValue={facility} readOnly={!isAdmin} fullWidth />
      <Stack direction="row" spacing={2} sx={{ width: '100%' }}>
        <NumberInput source="fee" label="contracts.fee" defaultValue={CONTRACT_DEFAULTS.fee} step={0.01} min={0} />
        <NumberInput source="percentage" label="contracts.percentage" defaultValue={CONTRACT_DEFAULTS.percentage} min={0} max={100} />
      </Stack>
      <TextInput source="name" label="contracts.name" fullWidth inputProps={{ 'data-testid': 'contract-name' }} />
      <TextInput source="comment" label="contracts.comment" multiline minRows={2} fullWidth />
      <Stack direction="row" spacing={1} alignItems="center" sx={{ width: '100%', mb: 2 }}>
        <CustomerInput source="customer_id" label={translate('contracts.customer')} accept={(c) => !c.is_kid} picked={made} />
        <Button onClick={() => setWizard(true)}>{translate('contracts.new_customer')}</Button>
      </Stack>
      <BooleanInput source="ApplyProcessingFee" label="contracts.apply_fee" defaultValue={CONTRACT_DEFAULTS.ApplyProcessingFee} />
      {wizard && <ParticipantWizard open title="contracts.new_customer" onClose={() => setWizard(false)} onDone={(r) => { setMade(r.customer); setWizard(false); }} />}
    </>
  );
}
