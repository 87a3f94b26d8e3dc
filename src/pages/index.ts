import { adminRoutes } from './admin';
import { calendarRoutes } from './calendar';
import { forgotRoute } from './forgot';
import type { PageRoute, PublicRoute } from './pageRoute';
import { pickupRoutes } from './pickup';
import { publicContractRoute } from './publicContract';
import { publicInvoiceRoute } from './publicInvoice';
import { publicTeamRoute } from './publicTeam';
import { reportRoutes } from './reports';
import { refereeRoutes } from './referee';
import { refundRoutes } from './refund';
import { resourcesRoutes } from './resources';
import { scoreboardsRoutes } from './scoreboards';
import { shellRoutes } from './shells';
import { squareRoutes } from './square';
import { signupRoute } from './signup';

// Every custom page of the app (entities are resources: see resources/index.ts). A page folder exports its routes from its index.ts (path, guarding
// 'page:*' key of core/permissions, lazily loaded component) and gets one line here; its menu entry,
// if the spec gives it one, is in src/layout/menuItems.ts.

/** Pages inside the layout, behind the session check and their route guard. */
export const pageRoutes: PageRoute[] = [...calendarRoutes, ...adminRoutes, ...resourcesRoutes, ...scoreboardsRoutes, ...reportRoutes, ...pickupRoutes, ...refundRoutes, ...refereeRoutes, ...squareRoutes, ...shellRoutes];

/** Pages without chrome that work signed out. /login is <Admin loginPage>. */
export const publicRoutes: PublicRoute[] = [signupRoute, forgotRoute, publicInvoiceRoute, publicContractRoute, publicTeamRoute];

export type { PageRoute, PublicRoute, PageKey } from './pageRoute';
