/** Reloads the app (after a facility change, or to pick up a newly deployed build). */
export function reloadPage(): void {
  window.location.reload();
}
