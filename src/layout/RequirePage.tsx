import type { ComponentType, ReactNode } from 'react';
import { Loading, useCanAccess } from 'react-admin';
import type { PageKey } from '../../core/permissions';
import { AccessDenied } from './AccessDenied';

/**
 * The route guard (spec 1 §2): the authProvider's canAccess decides from core/permissions MATRIX.
 * Whoever the page is not for reads so at its address, with a way back (issue 22 item 6: the spec's
 * silent redirect to / left people on the calendar wondering where their page went).
 */
export function RequirePage({ page, children }: { page: PageKey; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource: page, action: 'access' });
  if (isPending) return <Loading />;
  return canAccess ? <>{children}</> : <AccessDenied />;
}

/** A resource's view behind the route guard of its page (resources/index.ts registers them). */
export function guardedView(page: PageKey, View: ComponentType): ComponentType {
  const Guarded = () => (
    <RequirePage page={page}>
      <View />
    </RequirePage>
  );
  Guarded.displayName = `Guarded(${page})`;
  return Guarded;
}
