import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { publicInvoice, sendInvoice } from '../../../core/api/invoices';
import { formatMoney, toCents } from '../../../core/money';
import { customers, invoices } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import type { MailMessage } from '../../services/mail/mailer';
import { findInvoice, INVOICE_MESSAGES } from '../../domain/invoices/access';
import { recordInvoiceChange } from '../../domain/invoices/audit';
import { hashToken } from '../../auth/tokens';
import { issuePublicLink } from '../../domain/invoices/publicLink';
import { invoiceView, publicView } from '../../domain/invoices/view';

// The customer's invoice link (spec 2 §2, issue 10 §8). POST /invoice/send/{customerId}?invoice={id}
// issues a fresh random reference (256 bits, base64url), stores only its SHA-256 on the invoice — which
// revokes the previous link — and mails the link /public/invoice?ref={reference} to the customer.
// GET /public/invoice/{reference} answers the read-only invoice without sign-in; an unknown or revoked
// reference answers 404.

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function invoiceMail(to: string, firstName: string, invoiceId: number, balance: number, link: string): MailMessage {
  const lines = [`Hello ${firstName},`, '', `Your invoice ${invoiceId} is ready; the balance is $${formatMoney(toCents(balance))}.`, 'See it here:', link];
  return {
    to,
    subject: `Your Touchline invoice ${invoiceId}`,
    text: lines.join('\n') + '\n',
    html: `<p>${escapeHtml(lines[0])}</p><p>${escapeHtml(lines[2])}</p><p><a href="${escapeHtml(link)}">See invoice ${invoiceId}</a></p>`,
  };
}

export async function invoiceLinkRoutes(app: FastifyInstance) {
  const { db, mailer, config } = app.deps;

  serve(app, sendInvoice, async ({ user, params: { id: customerId }, query: { invoice: invoiceId } }) => {
    const { mail, view } = await db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, user, invoiceId, { lock: true });
      if (invoice.customer_id === null) throw badRequest(INVOICE_MESSAGES.noCustomer);
      if (invoice.customer_id !== customerId) throw badRequest('This invoice is not the customer’s');
      const [customer] = await tx.select().from(customers).where(eq(customers.ID, customerId));
      const to = customer.is_kid ? customer.parent_email : customer.email;
      if (!to || to.includes('##')) throw badRequest('The customer has no email address');
      const { row, link } = await issuePublicLink(tx, invoice.ID, config.publicUrl);
      const current = await recordInvoiceChange(tx, user, row, 'send');
      return { mail: invoiceMail(to, customer.first_name, invoice.ID, current.balance, link), view: current };
    });
    // The link is stored before the mail leaves: a mail failure answers an error, and a new send re-issues it.
    await mailer.send(mail);
    return { sent: true, to: mail.to, invoice_id: view.ID };
  });

  serve(app, publicInvoice, async ({ params: { ref } }) => {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.public_link_hash, hashToken(ref)));
    if (!invoice) throw notFound('Invoice');
    return publicView(await invoiceView(db, invoice));
  });
}
