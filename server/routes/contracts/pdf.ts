import PDFDocument from 'pdfkit';
import { formatMoney } from '../../../core/money';
import { formatDateTime } from '../../../core/time';

// The contract document (issue 12 §5): parties, facility, every event with its field and local time,
// prices, totals, deposit and terms; once signed, the signature (name, time, address) is printed on it.

export interface ContractDocument {
  ID: number;
  name: string;
  comment: string;
  facility: { name: string; address: string | null; time_zone: string };
  customer: { first_name: string; last_name: string; email: string | null; phone: string | null } | null;
  product_type: string;
  /** Cents. */
  fee: number;
  percentage: number;
  events: Array<{ field: string; start_date: number; end_date: number; hourly: number; price: number }>;
  /** Cents: events, taxes, processing fees, total. */
  totals: { invoiced: number; taxes: number; fees: number; total: number };
  signature?: { name: string; at: number; address: string };
}

const TERMS = [
  'The customer books the fields and times listed above for the season of this contract.',
  'The deposit is due on signature; the balance is due before the last event.',
  'Events cancelled by the customer remain due; the facility may move an event to another field of equal size.',
  'Taxes and processing fees are those of the facility at the date of each change to this contract.',
];

const money = (cents: number) => `$${formatMoney(cents)}`;

/** The PDF's bytes. Dates are fixed so that the same contract always gives the same file. */
export function renderContractPdf(doc: ContractDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `Contract ${doc.ID}: ${doc.name}`, CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  const zone = doc.facility.time_zone;

  pdf.fontSize(18).text(`Contract ${doc.ID}: ${doc.name}`);
  pdf.moveDown(0.5).fontSize(10);
  pdf.text(`Facility: ${doc.facility.name}${doc.facility.address ? `, ${doc.facility.address}` : ''}`);
  const c = doc.customer;
  pdf.text(`Customer: ${c ? `${c.first_name} ${c.last_name}${c.email ? `, ${c.email}` : ''}${c.phone ? `, ${c.phone}` : ''}` : '—'}`);
  pdf.text(`Product: ${doc.product_type}. Main hourly fee: ${money(doc.fee)}.`);
  if (doc.comment) pdf.text(`Comment: ${doc.comment}`);

  pdf.moveDown().fontSize(12).text(`Events (${doc.events.length}, times in ${zone})`);
  pdf.fontSize(9);
  for (const e of doc.events) {
    pdf.text(`${formatDateTime(e.start_date, zone)}–${formatDateTime(e.end_date, zone).split(' ')[1]}   ${e.field}   ${money(e.hourly)}/h   ${money(e.price)}`);
  }

  pdf.moveDown().fontSize(12).text('Totals');
  pdf.fontSize(10);
  pdf.text(`Rental: ${money(doc.totals.invoiced)}   Taxes: ${money(doc.totals.taxes)}   Processing fees: ${money(doc.totals.fees)}`);
  pdf.text(`Total: ${money(doc.totals.total)}`);
  pdf.text(`Deposit (${doc.percentage}%): ${money(Math.round((doc.totals.total * doc.percentage) / 100))}`);

  pdf.moveDown().fontSize(12).text('Terms');
  pdf.fontSize(9);
  TERMS.forEach((t, i) => pdf.text(`${i + 1}. ${t}`));

  pdf.moveDown().fontSize(11);
  if (doc.signature) {
    pdf.text(`Signed electronically by ${doc.signature.name} on ${formatDateTime(doc.signature.at, zone)} (${zone}) from address ${doc.signature.address}.`);
  } else {
    pdf.text('Signature: ______________________________');
  }
  pdf.end();
  return done;
}
