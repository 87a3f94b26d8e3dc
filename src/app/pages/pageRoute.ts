import type { ComponentType } from 'react';
import type { Access } from '../../../core/permissions';

/** One route of the spec's route tables, rendered inside the layout behind the guard of `access`. */
export interface PageRoute {
  /** react-router path, exactly as the spec's route table (`:id` for {id}). */
  path: string;
  access: Access;
  /** Usually React.lazy(() => import('./SomePage')) so that the page loads when it is visited. */
  component: ComponentType;
}

/** A page without chrome that works signed out (/signup, /forgot). */
export interface PublicRoute {
  path: string;
  component: ComponentType;
}
