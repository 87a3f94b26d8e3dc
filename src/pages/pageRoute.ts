import type { ComponentType } from 'react';
import type { PageKey } from '../../core/permissions';

export type { PageKey };

/**
 * One route of the spec's route tables, rendered inside the layout behind the guard of `page`.
 * Each folder of src/pages exports its routes from index.ts; src/pages/index.ts lists them all.
 */
export interface PageRoute {
  /** react-router path, exactly as the spec's route table (`:id` for {id}). */
  path: string;
  page: PageKey;
  /** Usually React.lazy(() => import('./SomePage')) so that the page loads when it is visited. */
  component: ComponentType;
}

/** A page without chrome that works signed out (/signup, /forgot). */
export interface PublicRoute {
  path: string;
  component: ComponentType;
}
