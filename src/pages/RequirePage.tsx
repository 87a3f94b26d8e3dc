import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading, useCanAccess } from 'react-admin';
import type { PageKey } from './pageRoute';

/**
 * The route guard (spec 1 §2): the authProvider's canAccess decides from core/permissions MATRIX;
 * whoever the page is not for is redirected to /.
 */
export function RequirePage({ page, children }: { page: PageKey; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource: page, action: 'access' });
  if (isPending) return <Loading />;
  return canAccess ? <>{children}</> : <Navigate to="/" replace />;
}
