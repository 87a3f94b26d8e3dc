import { useState } from 'react';

/**
 * Whether `open` has been true since mount. What is fetched when first shown (the global dialogs, the
 * snackbar) mounts then and stays mounted, to close with its transition.
 */
export function useOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
