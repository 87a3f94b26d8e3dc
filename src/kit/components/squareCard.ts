import type { SquareConfig } from '../../../core/api/square';
import type { SquareMode } from '../../../core/square';

// Square's card form in the browser (spec 2 §4, §8), shared by the staff card form
// (resources/invoice/CardForm.tsx) and the families' site (src/portal): with real Square (sandbox or
// production, and an application and location id), Square's Web Payments SDK, its script loaded only
// then, tokenizes the card in its own iframe; otherwise the simulator's test card is checked here.

export interface SquareCard { attach(selector: string): Promise<void>; tokenize(): Promise<{ status: string; token?: string; errors?: Array<{ message: string }> }>; destroy(): Promise<void> }
declare global {
  interface Window { Square?: { payments(applicationId: string, locationId: string): Promise<{ card(): Promise<SquareCard> }> } }
}

const SDK_URLS: Record<Exclude<SquareMode, 'simulator'>, string> = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
};

/** The Web Payments SDK's mode when the configuration has real Square, else null (the simulator's test card). */
export const sdkMode = (config: SquareConfig): Exclude<SquareMode, 'simulator'> | null =>
  (config.mode !== 'simulator' && config.application_id && config.location_id ? config.mode : null);

function loadSdk(mode: Exclude<SquareMode, 'simulator'>): Promise<void> {
  if (window.Square) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URLS[mode];
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('sdk'));
    document.head.append(script);
  });
}

/** Loads the SDK and attaches its card to `selector`; answers it, or null when `cancelled()` by then. */
export async function attachSquareCard(config: SquareConfig, selector: string, cancelled: () => boolean): Promise<SquareCard | null> {
  const mode = sdkMode(config);
  if (!mode) throw new Error('sdk');
  await loadSdk(mode);
  const payments = await window.Square!.payments(config.application_id!, config.location_id!);
  const created = await payments.card();
  if (cancelled()) { void created.destroy(); return null; }
  await created.attach(selector);
  return created;
}

/** A test card's number and expiry look right: 13 to 19 digits, MM/YY not past; a CVV of 3 or 4 digits. */
export function validTestCard(number: string, expiry: string, cvv: string): boolean {
  const digits = number.replace(/\s/g, '');
  const match = expiry.match(/^(\d{2})\s*\/\s*(\d{2})$/);
  if (!/^\d{13,19}$/.test(digits) || !match || !/^\d{3,4}$/.test(cvv)) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const now = new Date();
  return month >= 1 && month <= 12 && (year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1));
}
