import type { ComponentType, ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import type { Access } from '../../../core/permissions';
import { AccessDenied } from './AccessDenied';
import { PageLoading } from './LoadingScreen';

/**
 * The route guard (spec 1 §2): the authProvider's canAccess decides from core/permissions MATRIX.
 * Whoever the page is not for reads so at its address, with a way back (issue 22 item 6: the spec's
 * silent redirect to / left people on the calendar wondering where their page went).
 */
export function RequirePage({ access, children }: { access: Access; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess(access);
  if (isPending) return <PageLoading />;
  return canAccess ? <>{children}</> : <AccessDenied />;
}

/** A view behind the route guard of what it needs (src/app/registry.ts guards every resource's views). */
export function guardedView(access: Access, View: ComponentType): ComponentType {
  const Guarded = () => (
    <RequirePage access={access}>
      <View />
    </RequirePage>
  );
  Guarded.displayName = `Guarded(${access.resource}.${access.action})`;
  return Guarded;
}
