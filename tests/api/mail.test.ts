import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { textPdf } from '../../core/pdf';
import { decodeSignupPayload } from '../../core/signupLink';
import { loadConfig } from '../../server/config';
import { createMailer } from '../../server/services/mail';
import { createTestContext, type TestContext } from './harness';
import { parseMime, startSmtpServer, textOf } from './support/smtp';

// The mail adapter against a real SMTP server running in this process, and the .eml outbox.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let tmp: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'touchline-mail-'));
});
afterAll(async () => {
  await smtp?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

const FROM = 'Touchline <no-reply@touchline.test>';
const message = {
  to: 'ana@example.test',
  subject: 'Your schedule',
  text: `Hello Ana,\nyour link: https://touchline.test/signup?token=${'x'.repeat(120)}&reset=1\nSee you — ¡gracias!`,
  html: '<p>Hello <b>Ana</b></p>',
  replyTo: 'front-desk@touchline.test',
  bcc: ['audit@touchline.test'],
};

describe('SMTP adapter', () => {
  it('delivers to the SMTP server of SMTP_URL, with text and HTML, bcc only in the envelope', async () => {
    const mailer = createMailer(loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: FROM }));
    const before = smtp.received.length;
    await mailer.send(message);
    expect(smtp.received).toHaveLength(before + 1);
    const got = smtp.received.at(-1)!;
    expect(got.envelopeFrom).toBe('no-reply@touchline.test');
    expect(got.envelopeTo.sort()).toEqual(['ana@example.test', 'audit@touchline.test']);
    const mime = parseMime(got.raw);
    expect(mime.headers).toMatchObject({ from: FROM, to: 'ana@example.test', subject: 'Your schedule', 'reply-to': 'front-desk@touchline.test' });
    expect(mime.headers.bcc).toBeUndefined();
    expect(textOf(mime, 'text/plain').replace(/\r\n/g, '\n')).toBe(message.text);
    expect(textOf(mime, 'text/html')).toBe(message.html);
  });

  it('sends attachments as parts of a multipart/mixed message: a PDF\'s bytes arrive unchanged, next to the text', async () => {
    const mailer = createMailer(loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: FROM }));
    const pdf = Buffer.from(textPdf({ title: 'Waiver of Touchline Brooklyn', paragraphs: ['Signed by: Ana (Tester) \\ Núñez', '', 'I accept the risks.'] }), 'latin1');
    const binary = Buffer.from([0, 255, 13, 10, 37, 80, 68, 70]);
    await mailer.send({
      to: 'ana@example.test', subject: 'Your waiver', text: 'Your copy is attached.',
      attachments: [{ filename: 'waiver.pdf', contentType: 'application/pdf', content: pdf }, { filename: 'raw.bin', contentType: 'application/octet-stream', content: binary }],
    });
    const mime = parseMime(smtp.received.at(-1)!.raw);
    expect(mime.headers['content-type']).toMatch(/^multipart\/mixed; boundary=/);
    expect(mime.parts.map((p) => p.type)).toEqual(['text/plain', 'application/pdf', 'application/octet-stream']);
    expect(textOf(mime, 'text/plain')).toBe('Your copy is attached.');
    const [, attached, raw] = mime.parts;
    expect(attached.headers['content-disposition']).toMatch(/^attachment; filename="?waiver\.pdf"?$/);
    expect(attached.data.equals(pdf)).toBe(true);
    expect(attached.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(attached.data.toString('latin1')).toContain('(Signed by: Ana \\(Tester\\) \\\\ N\\372\\361ez) Tj');
    expect(raw.data.equals(binary)).toBe(true);
  });

  it('fails the send when the server cannot be reached', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const mailer = createMailer(loadConfig({ SMTP_URL: closed.url }));
    await expect(mailer.send(message)).rejects.toThrow();
  });
});

describe('outbox adapter (no SMTP_URL)', () => {
  it('writes each message as a parseable .eml file under DATA_DIR/outbox, in order', async () => {
    const mailer = createMailer(loadConfig({ DATA_DIR: tmp, MAIL_FROM: FROM }));
    await mailer.send(message);
    await mailer.send({ to: 'bo@example.test', subject: 'Second', text: 'Only text' });
    const outbox = path.join(tmp, 'outbox');
    const files = (await fs.readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/);

    const first = await fs.readFile(path.join(outbox, files[0]), 'utf8');
    expect(first.split('\n').every((line, i, all) => i === all.length - 1 || line.endsWith('\r'))).toBe(true);
    const mime = parseMime(first);
    expect(mime.headers).toMatchObject({ from: FROM, to: 'ana@example.test', subject: 'Your schedule', 'mime-version': '1.0' });
    expect(mime.headers['message-id']).toMatch(/^<.+@.+>$/);
    expect(textOf(mime, 'text/plain').replace(/\r\n/g, '\n')).toBe(message.text);
    expect(textOf(mime, 'text/html')).toBe(message.html);

    const second = parseMime(await fs.readFile(path.join(outbox, files[1]), 'utf8'));
    expect(second.headers).toMatchObject({ to: 'bo@example.test', subject: 'Second' });
    expect(textOf(second, 'text/plain').trim()).toBe('Only text');
  });
});

describe('signup and reset mails through the whole app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ mailer: createMailer(loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: FROM })) });
  });
  afterAll(async () => { await ctx?.close(); });

  /** The signup link of the next mail to `to`, waiting for it to arrive at the SMTP server. */
  async function awaitLink(to: string, after: number) {
    const got = await vi.waitFor(() => {
      const found = smtp.received.slice(after).find((m) => m.envelopeTo.includes(to));
      if (!found) throw new Error(`no mail to ${to} yet`);
      return found;
    }, { timeout: 5000 });
    const mime = parseMime(got.raw);
    const text = textOf(mime, 'text/plain');
    const url = new URL(/http:\/\/touchline\.test\/signup\?\S+/.exec(text)![0]);
    expect(textOf(mime, 'text/html')).toContain(`href="${url.href.replace(/&/g, '&amp;')}"`);
    return { subject: mime.headers.subject, url, payload: decodeSignupPayload(url.searchParams.get('token'))! };
  }

  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/user/login', payload: { email, password, user_type: 'referee' } });

  it('mails the signup link on presignup; the link signs the new member up, and they can sign in', async () => {
    const admin = await ctx.login('admin@touchline.test');
    const after = smtp.received.length;
    const created = await ctx.as(admin, {
      method: 'POST', url: '/user/presignup',
      payload: { email: 'newref@example.test', user_type: 'referee', first_name: 'Noor', last_name: 'Ref', phone: '212 555 0188', facility_id: 4 },
    });
    expect(created.statusCode).toBe(200);
    const { subject, url, payload } = await awaitLink('newref@example.test', after);
    expect(subject).toBe('Your Touchline staff account');
    expect(url.searchParams.get('reset')).toBeNull();
    expect(payload).toEqual({
      id: created.json().ID, token: expect.any(String), first_name: 'Noor', last_name: 'Ref', email: 'newref@example.test', phone: '+12125550188',
    });

    const confirmed = await ctx.app.inject({
      method: 'POST', url: '/user/confirm',
      payload: { id: payload.id, token: payload.token, first_name: 'Noor', last_name: 'Referee', phone: payload.phone, password: 'first password' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ type: 'referee', facility_id: 4 });
    expect((await login('newref@example.test', 'first password')).statusCode).toBe(200);
  });

  it('mails the reset link; it sets a new password', async () => {
    const after = smtp.received.length;
    const res = await ctx.app.inject({ method: 'POST', url: '/user/reset?email=newref@example.test' });
    expect(res.json()).toEqual({ message: 'Please check your email for a link to reset your password' });
    const { subject, url, payload } = await awaitLink('newref@example.test', after);
    expect(subject).toBe('Reset your Touchline password');
    expect(url.searchParams.get('reset')).toBe('1');
    expect(payload).toMatchObject({ first_name: 'Noor', last_name: 'Referee', email: 'newref@example.test' });

    const confirmed = await ctx.app.inject({
      method: 'POST', url: '/user/confirm',
      payload: { id: payload.id, token: payload.token, first_name: 'Noor', last_name: 'Referee', phone: payload.phone, password: 'second password' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await login('newref@example.test', 'second password')).statusCode).toBe(200);
    expect((await login('newref@example.test', 'first password')).statusCode).toBe(401);
  });
});
