import type { FastifyInstance } from 'fastify';
import { authorize } from '../../auth/guard';
import { parse } from '../../http/validate';
import { idParam } from '../../../core/validation/wire';
import { findCustomer } from '../customers/access';
import { customerInvoices } from '../customers/invoiceTotals';

// The customer profile's Invoices tab (spec 1 §7): GET /invoice/customer/{id}, the customer's invoices
// with their totals; 404 for a customer the user cannot reach. Still registered by hand: the invoices'
// declarations (core/api/invoices.ts) will serve it.

export async function customerInvoiceRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/invoice/customer/:id', async (request) => {
    const user = authorize(request, 'customer_profile', 'show');
    const customer = await findCustomer(db, user, parse(idParam, request.params).id);
    return customerInvoices(db, customer.ID);
  });
}
