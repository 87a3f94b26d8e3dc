import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';
import { toNodemailer } from './message';

/**
 * The embedded default: each message is rendered as an RFC 822 .eml file (CRLF lines) in `dir`, named
 * by time so a listing reads in order. Written under a temporary name and renamed, so a reader never
 * sees half a message.
 */
export function outboxMailer(dir: string, from: string): Mailer {
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      // The per-message newline option is what makes nodemailer write CRLF throughout, bodies included.
      const { message: eml } = await render.sendMail({ ...toNodemailer(from, message), newline: 'windows' });
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const partial = path.join(dir, `.${name}.partial`);
      await fs.writeFile(partial, eml as Buffer);
      await fs.rename(partial, path.join(dir, name));
    },
  };
}
