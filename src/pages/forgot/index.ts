import type { PublicRoute } from '../pageRoute';
import { ForgotPage } from './ForgotPage';

export const forgotRoute: PublicRoute = { path: '/forgot', component: ForgotPage };
