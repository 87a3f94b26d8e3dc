import type { ComponentType, ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading, useCanAccess } from 'react-admin';
import type { PageKey } from '../../core/permissions';

/**
 * The route guard (spec 1 §2): the authProvider's canAccess decides from core/permissions MATRIX;
 * whoever the page is not for is redirected to /.
 */
export function RequirePage({ page, children }: { page: PageKey; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource: page, action: 'access' });
  if (isPending) return <Loading />;
  return canAccess ? <>{children}</> : <Navigate to="/" replace />;
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
