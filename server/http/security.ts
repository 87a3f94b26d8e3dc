import type { FastifyInstance } from 'fastify';

// Strict headers on every answer. Styles allow 'unsafe-inline' because MUI (emotion) injects style
// tags; scripts come only from our own origin, so a stored string can never run as code — except, with
// real Square configured, Square's Web Payments SDK (its script, its card iframe, its PCI endpoint).
const SQUARE_SDK = 'https://web.squarecdn.com https://sandbox.web.squarecdn.com';
const SQUARE_PCI = 'https://pci-connect.squareup.com https://pci-connect.squareupsandbox.com';

const csp = (square: boolean) => [
  "default-src 'self'",
  `script-src 'self'${square ? ` ${SQUARE_SDK}` : ''}`,
  ...(square ? [`frame-src ${SQUARE_SDK}`] : []),
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self' ws: wss:${square ? ` ${SQUARE_PCI}` : ''}`,
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(app: FastifyInstance): void {
  const CSP = csp(app.deps.config.square.env !== 'simulator');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
  });
}
