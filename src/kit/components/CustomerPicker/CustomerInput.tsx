import { useEffect, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import type { CustomerSummary } from '../../../../dataProvider';
import { CustomerPicker, type CustomerPickerProps } from './CustomerPicker';

/**
 * The customer picker as a react-admin input: the form keeps the picked customer's ID under `source`
 * (null when none), the field shows the customer; `picked` sets it from outside (a customer just made
 * by the add-participant wizard). The declaration's reason shows under it.
 */
export function CustomerInput({ source, label, accept, picked, autoFocus }: {
  source: string;
  label: string;
  accept?: CustomerPickerProps['accept'];
  picked?: CustomerSummary | null;
  autoFocus?: boolean;
}) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, defaultValue: null });
  const [chosen, setChosen] = useState<CustomerSummary | null>(null);
  const { onChange } = field;
  useEffect(() => {
    // A customer handed over from outside becomes the choice.
    if (!picked) return;
    setChosen(picked);
    onChange(picked.ID);
  }, [picked, onChange]);
  return (
    <CustomerPicker
      label={label}
      value={chosen}
      accept={accept}
      autoFocus={autoFocus}
      error={fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : undefined}
      onChange={(customer) => { setChosen(customer); field.onChange(customer?.ID ?? null); }}
    />
  );
}
