import { lazy } from 'react';
import type { PublicRoute } from '../pageRoute';

export const signupRoute: PublicRoute = { path: '/signup', component: lazy(async () => ({ default: (await import('./SignupPage')).SignupPage })) };
