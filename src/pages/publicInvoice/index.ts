import { lazy } from 'react';
import type { PublicRoute } from '../pageRoute';

/** The customer's invoice link (spec 2 §2): opens without sign-in. The page is the invoice resource's. */
export const publicInvoiceRoute: PublicRoute = { path: '/public/invoice', component: lazy(() => import('../../../resources/invoices/PublicInvoicePage')) };
