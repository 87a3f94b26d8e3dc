import { adminRoutes } from './admin';
import { calendarRoutes } from './calendar';
import { customerSearchRoutes } from '../../resources/customer/search';
import { customerProfileRoutes } from '../../resources/customer/profile';
import { discountsRoutes } from '../../resources/discount';
import { forgotRoute } from './forgot';
import type { PageRoute, PublicRoute } from './pageRoute';
import { newProductRoutes } from '../../resources/newproduct';
import { productsRoutes } from '../../resources/products/routes';
import { resourcesRoutes } from './resources';
import { scoreboardsRoutes } from './scoreboards';
import { shellRoutes } from './shells';
import { signupRoute } from './signup';
import { staffRoutes } from '../../resources/staff';

// Every custom page of the app. A page folder exports its routes from its index.ts (path, guarding
// 'page:*' key of core/permissions, lazily loaded component) and gets one line here; its menu entry,
// if the spec gives it one, is in src/layout/menuItems.ts.

/** Pages inside the layout, behind the session check and their route guard. */
export const pageRoutes: PageRoute[] = [...calendarRoutes, ...adminRoutes, ...resourcesRoutes, ...customerSearchRoutes, ...customerProfileRoutes, ...productsRoutes, ...newProductRoutes, ...staffRoutes, ...discountsRoutes, ...scoreboardsRoutes, ...shellRoutes];

/** Pages without chrome that work signed out. /login is <Admin loginPage>. */
export const publicRoutes: PublicRoute[] = [signupRoute, forgotRoute];

export type { PageRoute, PublicRoute, PageKey } from './pageRoute';
