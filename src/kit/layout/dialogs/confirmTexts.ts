import type { TranslateFunction } from 'react-admin';
import { sentence } from '../../i18n/sentence';
import type { ConfirmRequest } from './dialogStore';

/** The title and message a confirm request shows: its own texts, or the default wording of its kind. */
export function confirmTexts(request: ConfirmRequest | null, translate: TranslateFunction): { title: string; message: string } {
  const isDelete = request?.kind === 'delete';
  const text = (value: string | undefined, fallback: string) => sentence(value ? translate(value, { _: value }) : translate(fallback));
  return {
    title: text(request?.title, isDelete ? 'dialog.delete_title' : 'dialog.confirm_title'),
    message: text(request?.message, isDelete ? 'dialog.irreversible' : 'dialog.confirm_title'),
  };
}
