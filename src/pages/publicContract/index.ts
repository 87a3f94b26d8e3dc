import { lazy } from 'react';
import type { PublicRoute } from '../pageRoute';

/** The customer's contract signing link (issue 12 §5): opens without sign-in. The page is the contract resource's. */
export const publicContractRoute: PublicRoute = { path: '/public/contract', component: lazy(() => import('../../../resources/contracts/PublicContractPage')) };
