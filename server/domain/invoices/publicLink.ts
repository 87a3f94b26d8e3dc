import { eq } from 'drizzle-orm';
import { hashToken, newToken } from '../../auth/tokens';
import type { Tx } from '../../db/client';
import { invoices } from '../../db/schema';

// The customer's invoice link (spec 2 §2, issue 10 §8) is a random reference of which the invoice
// stores only the SHA-256: the link's page and its card charge find the invoice by this hash.


/** Where the customer's invoice page is, under the app's public address. */
export const PUBLIC_INVOICE_PATH = '/public/invoice';

/**
 * Issues a fresh link to the invoice (256 random bits, base64url), storing only its hash — which revokes
 * the previous link — and answers the link's URL under `publicUrl`.
 */
export async function issuePublicLink(tx: Tx, invoiceId: number, publicUrl: string) {
  const reference = newToken();
  const [row] = await tx.update(invoices).set({ public_link_hash: hashToken(reference) }).where(eq(invoices.ID, invoiceId)).returning();
  return { row, link: `${publicUrl}${PUBLIC_INVOICE_PATH}?ref=${reference}` };
}
