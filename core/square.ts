// Square (issue 11), shared by the browser and the server: the terminal flow's constants (spec 2 §9),
// the simulator's test cards and the link to a payment in Square's dashboard.

export type SquareMode = 'simulator' | 'sandbox' | 'production';

/** The terminal checkout is polled every 3 s; nothing confirmed within 30 s shows 'not found'. */
export const TERMINAL_POLL_MS = 3000;
export const TERMINAL_TIMEOUT_MS = 30_000;

/** What the simulator's card form accepts (README: "Square"). */
export const TEST_CARDS = [
  { number: '4111111111111111', brand: 'VISA', approves: true },
  { number: '5105105105105100', brand: 'MASTERCARD', approves: true },
  { number: '4000000000000002', brand: 'VISA', approves: false },
] as const;

/** The simulator's card token: the prefix and the test card number (a real card never reaches it). */
export const SIMULATOR_TOKEN_PREFIX = 'cnon:simulator-';

export const simulatorToken = (cardNumber: string) => `${SIMULATOR_TOKEN_PREFIX}${cardNumber.replace(/\D/g, '')}`;

export function testCardOf(token: string) {
  if (!token.startsWith(SIMULATOR_TOKEN_PREFIX)) return undefined;
  return TEST_CARDS.find((card) => card.number === token.slice(SIMULATOR_TOKEN_PREFIX.length));
}

/** The payment in Square's Seller Dashboard; with the simulator, on its page. */
export function squareDashboardUrl(mode: SquareMode, paymentId: string): string {
  const id = encodeURIComponent(paymentId);
  if (mode === 'simulator') return `/square/simulator?payment=${id}`;
  const host = mode === 'sandbox' ? 'https://app.squareupsandbox.com' : 'https://app.squareup.com';
  return `${host}/dashboard/sales/transactions/${id}`;
}
