import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { confirmTexts } from './confirmTexts';
import { useDialogState, useDialogStore } from './DialogsContext';

// Stand-ins for the error and confirm dialogs when their chunk cannot be fetched (GlobalDialogs loads
// each when first opened): the network is down, or a build deployed since has replaced it. The
// browser's own dialogs still tell the error, or ask the question, where a failed import would
// otherwise take the whole app down (nothing above GlobalDialogs catches it). The store is read at the
// effect, not from the render's state, so that a request is answered once.

export function NativeErrorDialog() {
  const { error } = useDialogState();
  const store = useDialogStore();
  const translate = useTranslate();
  useEffect(() => {
    const text = store.getState().error;
    if (text === null) return;
    window.alert(translate(text, { _: text }));
    store.dismissError();
  }, [error, store, translate]);
  return null;
}

export function NativeConfirmDialog() {
  const { confirm } = useDialogState();
  const store = useDialogStore();
  const translate = useTranslate();
  useEffect(() => {
    const request = store.getState().confirm;
    if (!request) return;
    const { title, message } = confirmTexts(request, translate);
    store.answer(window.confirm(`${title}\n\n${message}`));
  }, [confirm, store, translate]);
  return null;
}
