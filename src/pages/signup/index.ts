import type { PublicRoute } from '../pageRoute';
import { SignupPage } from './SignupPage';

export const signupRoute: PublicRoute = { path: '/signup', component: SignupPage };
