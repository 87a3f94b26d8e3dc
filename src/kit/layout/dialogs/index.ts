export { createDialogStore, type DialogStore } from './dialogStore';
export { createQueryClient } from './queryClient';
export { DialogStoreProvider, useDialogs, type Dialogs, type ConfirmOptions } from './DialogsContext';
export { GlobalDialogs } from './GlobalDialogs';
export { errorText } from './errorText';
