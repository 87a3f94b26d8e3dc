// The API routes not yet served through a declaration of core/api (issue 23): each area's conversion
// removes its lines, and tests/api/contract.test.ts fails on a route that is neither declared nor
// listed here, and on a line here whose route is now declared. When this list is empty, it goes.
export const NOT_YET_DECLARED: ReadonlySet<string> = new Set([
  'POST /api/charge/event',
  'GET /api/log/payments',
  'POST /api/payment',
  'DELETE /api/payment/:id',
  'PUT /api/payment/details/:id',
  'PUT /api/payment/transfer',
  'GET /api/payment/transfer/targets/:id',
  'GET /api/public/invoice/:ref/card',
  'POST /api/public/invoice/:ref/charge',
  'GET /api/refunds',
  'POST /api/refunds/:id',
  'PUT /api/refunds/:id/deny',
  'GET /api/square/config',
  'GET /api/square/simulator/checkouts',
  'POST /api/square/simulator/checkouts/:id/:action',
  'GET /api/square/simulator/payments',
  'GET /api/square/terminal/check_pending',
  'GET /api/square/terminal/confirm',
  'GET /api/square/terminal/getdevices',
  'POST /api/square/terminal/init-checkout',
  'POST /api/square/terminal/init-checkout/membership',
]);
