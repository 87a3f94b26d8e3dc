import type { FastifyInstance } from 'fastify';
import { invoiceDiscountRoutes } from './discounts';
import { invoiceFeeRoutes } from './fee';
import { invoiceItemRoutes } from './items';
import { invoiceLinkRoutes } from './publicLink';
import { invoiceReadRoutes } from './read';
import { invoiceWriteRoutes } from './write';

// Invoices (spec 2 §7): read and search, write and reverse, items, the fee, discounts, the customer's link.
export async function invoiceRoutes(app: FastifyInstance) {
  await app.register(invoiceReadRoutes);
  await app.register(invoiceWriteRoutes);
  await app.register(invoiceItemRoutes);
  await app.register(invoiceFeeRoutes);
  await app.register(invoiceDiscountRoutes);
  await app.register(invoiceLinkRoutes);
}
