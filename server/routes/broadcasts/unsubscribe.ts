import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { confirmUnsubscribe, resubscribe, unsubscribe } from '../../../core/api/broadcasts';
import { serve } from '../../http/endpoint';
import { isUnsubscribed, resubscribeAddress, unsubscribeAddress } from '../../domain/broadcasts/subscription';
import { languageOf, unsubscribePage, type UnsubscribeState } from './unsubscribePage';

// The unsubscribe link of a broadcast mail: the address and an HMAC-SHA256 of it under LINK_SECRET, so
// it works without sign-in and cannot be made for another address.

const mac = (secret: string, email: string) => createHmac('sha256', secret).update(`unsubscribe:${email}`).digest().subarray(0, 16);

export function unsubscribeToken(secret: string, email: string): string {
  const address = email.trim().toLowerCase();
  return `${Buffer.from(address).toString('base64url')}.${mac(secret, address).toString('base64url')}`;
}

/** The address a token was made for, or null when it is not one of ours. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [address64, signature64, ...rest] = token.split('.');
  if (!address64 || !signature64 || rest.length > 0) return null;
  const email = Buffer.from(address64, 'base64url').toString('utf8');
  const given = Buffer.from(signature64, 'base64url');
  const expected = mac(secret, email);
  return given.length === expected.length && timingSafeEqual(given, expected) && email === email.trim().toLowerCase() ? email : null;
}

/**
 * The unsubscribe link, at the root (a customer's link, not the staff API; issue 41 m26): GET shows a
 * page that asks (a mail scanner or link preview changes nothing); POST — its button, or a mail client's
 * one-click (RFC 8058, form encoded) — unsubscribes and offers to subscribe again; a link that is not
 * ours answers a page too (404). Forms post to paths relative to the page, whatever PUBLIC_URL says.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  // A one-click POST is form encoded (or multipart); what it says is the POST itself, so the body is not read.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
  }

  const page = (request: FastifyRequest, reply: FastifyReply, token: string, state: (email: string) => Promise<UnsubscribeState>, action: (state: UnsubscribeState) => string) =>
    (async () => {
      const language = languageOf(request.headers['accept-language']);
      const email = verifyUnsubscribeToken(config.linkSecret, token);
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      if (!email) return reply.code(404).send(unsubscribePage('invalid', language, null));
      const shown = await state(email);
      return reply.send(unsubscribePage(shown, language, email, action(shown)));
    })();

  // From /unsubscribe/{token}, '{token}' is the page itself and '{token}/resubscribe' its sibling.
  const fromLink = (token: string) => (state: UnsubscribeState) => (state === 'unsubscribed' ? `${token}/resubscribe` : token);

  serve(app, unsubscribe, ({ params: { token } }, request, reply) =>
    page(request, reply, token, async (email) => ((await isUnsubscribed(db, email)) ? 'unsubscribed' : 'ask'), fromLink(token)));

  serve(app, confirmUnsubscribe, ({ params: { token } }, request, reply) =>
    page(request, reply, token, async (email) => { await unsubscribeAddress(db, email); return 'unsubscribed'; }, fromLink(token)));

  serve(app, resubscribe, ({ params: { token } }, request, reply) =>
    page(request, reply, token, async (email) => { await resubscribeAddress(db, email); return 'resubscribed'; }, () => `../${token}`));
}
