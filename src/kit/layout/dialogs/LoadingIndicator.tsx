import { LinearProgress } from '@mui/material';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useDialogState } from './DialogsContext';

/** A thin bar on top of the page while any call is in flight. */
export function LoadingIndicator() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const { pending } = useDialogState();
  if (fetching + mutating + pending === 0) return null;
  return (
    <LinearProgress
      aria-label="loading"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.modal + 1 }}
    />
  );
}
