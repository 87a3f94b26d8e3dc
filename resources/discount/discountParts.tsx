import dayjs from 'dayjs';
import { useTranslate, usePermissions, type RaRecord } from 'react-admin';
import { expireDiscount } from '../../core/api/discounts';
import type { Role } from '../../core/constants';
import { dateFormat } from '../../core/dateOrder';
import { formatUsd, toCents } from '../../core/money';
import { can } from '../../core/permissions';
import { useDeclaredMutation } from '../../src/kit/entity/useDeclared';
import { useDialogs } from '../../src/kit/layout/dialogs';
import './messages';

// What a discount shows and the one change it admits (expiring it), on its row, its page and its edit view.

export interface DiscountRow extends RaRecord {
  name: string;
  is_percentage: boolean;
  value: number;
  expired: boolean;
}

export interface RuleRow extends RaRecord {
  discount: { name: string };
  facility: { name: string };
  product_type: { name: string };
  start_date: number;
  end_date: number;
  comment: string;
}

/** 15% or $10.00. */
export const discountValue = (row: Pick<DiscountRow, 'is_percentage' | 'value'>) =>
  row.is_percentage ? `${row.value}%` : formatUsd(toCents(row.value));

/** M/D/YYYY HH:mm (DD/MM/YYYY in Spanish) in the browser's time zone, as the dates were entered. */
export const dateTime = (seconds: number) => dayjs.unix(seconds).format(`${dateFormat()} HH:mm`);

/**
 * Expires a discount after asking (PUT /discount/{id}?expired=1); every open view of the discounts
 * (the list, its page) shows it expired. Resolves whether it was expired.
 */
export function useExpireDiscount() {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const { confirm, notifySuccess, run } = useDialogs();
  const expire = useDeclaredMutation(expireDiscount, { invalidates: ['discount'], meta: { errorDialog: false } });
  return {
    mayExpire: (row: DiscountRow) => !row.expired && can(role, 'discounts', 'expire'),
    async expire(row: DiscountRow) {
      const confirmed = await confirm({ title: 'discounts_page.expire_title', message: translate('discounts_page.expire_message', { name: row.name }) });
      if (!confirmed) return false;
      const done = await run(() => expire.mutateAsync({ params: { id: Number(row.id) }, query: { expired: '1' }, body: undefined }));
      if (done === undefined) return false;
      notifySuccess('discounts_page.expired_done');
      return true;
    },
  };
}
