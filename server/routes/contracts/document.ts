import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  contractDocument, generateContractDocument, publicContract, publicContractDocument, sendContractDocument, signContract, voidContractDocument,
} from '../../../core/api/contracts';
import { toCents } from '../../../core/money';
import { hashToken, newToken } from '../../auth/tokens';
import { nowSeconds } from '../../../core/time';
import { CONTRACT_MESSAGES, documentState } from '../../../core/validation/contract';
import type { Db, Tx } from '../../db/client';
import { contracts, customers } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { MailMessage } from '../../services/mail/mailer';
import type { Storage } from '../../services/storage';
import { readFile, removeFile, saveFile } from '../../services/uploads';
import { contractWire, findContract, logContract, type ContractRow } from '../../domain/contracts/access';
import { renderContractPdf, type ContractDocument } from './pdf';
import { contractDetail } from './detail';

// The contract document and its e-signature (spec 2 §4, issue 12 §5). States: none → generated (POST
// /contract/doc/{id} renders the PDF and keeps it in the storage under contracts/) → sent (POST
// /contract/doc/send/{id} mails the customer a signing link) → signed (the customer signs signed out:
// the signed PDF prints name, time and address). POST /contract/doc/void/{id} clears doc, sent and
// signed and kills the link; a signed contract is not voided. The link works like the invoice's
// public link (invoices/publicLink.ts): a 256-bit reference, only its SHA-256 stored.

export const PUBLIC_CONTRACT_PATH = '/public/contract';
const FOLDER = 'contracts';


const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function signMail(to: string, firstName: string, contract: ContractRow, link: string): MailMessage {
  const lines = [`Hello ${firstName},`, '', `Your contract "${contract.name}" is ready to sign.`, 'Read and sign it here:', link];
  return {
    to,
    subject: `Your Touchline contract ${contract.ID} to sign`,
    text: lines.join('\n') + '\n',
    html: `<p>${escapeHtml(lines[0])}</p><p>${escapeHtml(lines[2])}</p><p><a href="${escapeHtml(link)}">Read and sign contract ${contract.ID}</a></p>`,
  };
}

/** What the PDF prints, from the contract as it is. */
async function documentOf(db: Db | Tx, contract: ContractRow, signature?: ContractDocument['signature']): Promise<ContractDocument> {
  const detail = await contractDetail(db, contract);
  const inv = detail.invoice;
  return {
    ID: contract.ID, name: contract.name, comment: contract.comment,
    facility: detail.facility,
    customer: detail.customer?.ID ? detail.customer : null,
    product_type: detail.product_type.name, fee: contract.fee, percentage: contract.percentage,
    events: detail.events.map((e) => ({ field: e.field?.name ?? '', start_date: e.start_date, end_date: e.end_date, hourly: toCents(e.hourly), price: toCents(e.price) })),
    totals: {
      invoiced: toCents(inv?.invoiced ?? 0), taxes: toCents(inv?.taxes ?? 0), fees: toCents(inv?.fees ?? 0), total: toCents(inv?.total ?? 0),
    },
    signature,
  };
}

async function sendPdf(reply: FastifyReply, storage: Storage, name: string | null, filename: string) {
  const bytes = name ? await readFile(storage, FOLDER, name) : null;
  if (!bytes) throw notFound('Document');
  return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="${filename}"`).send(bytes);
}

export async function contractDocumentRoutes(app: FastifyInstance) {
  const { db, mailer, config, storage } = app.deps;

  serve(app, generateContractDocument, async ({ user, params: { id } }) => {
    const row = await db.transaction(async (tx) => {
      const contract = await findContract(tx, user, id, { lock: true });
      if (documentState(contract) !== 'none') throw conflict('This contract already has a document: void it before generating a new one');
      const name = await saveFile(storage, FOLDER, 'contract', 'pdf', await renderContractPdf(await documentOf(tx, contract)));
      const [updated] = await tx.update(contracts).set({ doc: name, sent: false, signed: false }).where(eq(contracts.ID, id)).returning();
      await logContract(tx, user, updated, 'generate_doc');
      return updated;
    });
    return { message: CONTRACT_MESSAGES.generated, contract: contractWire(row) };
  });

  serve(app, sendContractDocument, async ({ user, params: { id } }) => {
    const reference = newToken();
    const { mail, row } = await db.transaction(async (tx) => {
      const contract = await findContract(tx, user, id, { lock: true });
      const state = documentState(contract);
      if (state === 'none') throw conflict('Generate the document before sending it');
      if (state !== 'generated') throw conflict('The document was already sent');
      const [customer] = contract.customer_id ? await tx.select().from(customers).where(eq(customers.ID, contract.customer_id)) : [];
      const to = customer?.is_kid ? customer.parent_email : customer?.email;
      if (!customer || !to || to.includes('##')) throw badRequest('The customer has no email address');
      const [updated] = await tx.update(contracts).set({ sent: true, sign_link_hash: hashToken(reference) }).where(eq(contracts.ID, id)).returning();
      await logContract(tx, user, updated, 'send_doc');
      return { mail: signMail(to, customer.first_name, updated, `${config.publicUrl}${PUBLIC_CONTRACT_PATH}?ref=${reference}`), row: updated };
    });
    // The link is stored before the mail leaves: a mail failure answers an error; void and send again.
    await mailer.send(mail);
    return { message: CONTRACT_MESSAGES.sent, to: mail.to, contract: contractWire(row) };
  });

  serve(app, voidContractDocument, async ({ user, params: { id } }) => {
    const { row, files } = await db.transaction(async (tx) => {
      const contract = await findContract(tx, user, id, { lock: true });
      const state = documentState(contract);
      if (state === 'none') throw conflict('There is no document to void');
      if (state === 'signed') throw conflict('A signed contract cannot be voided');
      const [updated] = await tx.update(contracts)
        .set({ doc: null, sent: false, signed: false, sign_link_hash: null, signed_doc: null, signed_name: null, signed_at: null, signed_address: null })
        .where(eq(contracts.ID, id)).returning();
      await logContract(tx, user, updated, 'void_doc');
      return { row: updated, files: [contract.doc, contract.signed_doc] };
    });
    for (const f of files) if (f) await removeFile(storage, FOLDER, f);
    return { contract: contractWire(row) };
  });

  serve(app, contractDocument, async ({ user, params: { id } }, _request, reply) => {
    const contract = await findContract(db, user, id);
    return sendPdf(reply, storage, contract.signed_doc ?? contract.doc, `contract-${contract.ID}.pdf`);
  });

  // The public signing page's calls: no sign-in, the reference is the key.
  const byReference = async (db: Db | Tx, ref: string, lock = false) => {
    const query = db.select().from(contracts).where(eq(contracts.sign_link_hash, hashToken(ref)));
    const [row] = await (lock ? query.for('update') : query);
    if (!row || !row.doc) throw notFound('Contract');
    return row;
  };

  serve(app, publicContract, async ({ params: { ref } }) => {
    const contract = await byReference(db, ref);
    const detail = await contractDetail(db, contract);
    return {
      ID: contract.ID, name: contract.name, facility: detail.facility.name, time_zone: detail.facility.time_zone,
      customer: detail.customer?.ID ? `${detail.customer.first_name} ${detail.customer.last_name}` : null,
      events: detail.summary.count, total: detail.invoice?.total ?? 0,
      signed: contract.signed, signed_name: contract.signed_name, signed_at: contract.signed_at,
    };
  });

  serve(app, publicContractDocument, async ({ params: { ref } }, _request, reply) => {
    const contract = await byReference(db, ref);
    return sendPdf(reply, storage, contract.signed_doc ?? contract.doc, `contract-${contract.ID}.pdf`);
  });

  serve(app, signContract, async ({ params: { ref }, body: { name } }, request) => {
    const row = await db.transaction(async (tx) => {
      const contract = await byReference(tx, ref, true);
      if (contract.signed) throw conflict('This contract is already signed');
      const signature = { name, at: nowSeconds(), address: request.ip };
      const file = await saveFile(storage, FOLDER, 'signed', 'pdf', await renderContractPdf(await documentOf(tx, contract, signature)));
      const [updated] = await tx.update(contracts)
        .set({ signed: true, signed_name: name, signed_at: signature.at, signed_address: signature.address, signed_doc: file })
        .where(eq(contracts.ID, contract.ID)).returning();
      await logContract(tx, null, updated, 'sign_doc');
      return updated;
    });
    return { signed: true, signed_name: row.signed_name, signed_at: row.signed_at };
  });
}
