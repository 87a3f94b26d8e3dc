import { lazy } from 'react';
import type { PublicRoute } from '../pageRoute';

export const forgotRoute: PublicRoute = { path: '/forgot', component: lazy(async () => ({ default: (await import('./ForgotPage')).ForgotPage })) };
