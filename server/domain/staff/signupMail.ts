import { signupLink, type SignupPayload } from '../../../core/signupLink';
import type { MailMessage } from '../../services/mail/mailer';
import { TOKEN_LIFETIME_SECONDS } from '../../auth/userTokens';

// The mails carrying signup and password-reset links: plain text, and simple HTML with the same words.

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** 86400 × 7 → '7 days', 86400 → '24 hours'. */
function lifetime(seconds: number): string {
  const days = seconds / 86400;
  return Number.isInteger(days) && days > 1 ? `${days} days` : `${Math.round(seconds / 3600)} hours`;
}

export function signupMail(publicUrl: string, payload: SignupPayload, reset: boolean): MailMessage {
  const link = signupLink(publicUrl, payload, reset);
  const greeting = `Hello${payload.first_name ? ` ${payload.first_name}` : ''},`;
  const validity = `the link works once, for ${lifetime(TOKEN_LIFETIME_SECONDS[reset ? 'reset' : 'signup'])}`;
  const lines = reset
    ? ['Someone asked to reset the password of your Touchline staff account.', `Choose a new password here (${validity}):`]
    : ['A Touchline staff account was created for you.', `Finish signing up and choose your password here (${validity}):`];
  const ignore = reset ? 'If you did not ask for this, ignore this e-mail: your password stays as it is.' : '';
  return {
    to: payload.email,
    subject: reset ? 'Reset your Touchline password' : 'Your Touchline staff account',
    text: [greeting, '', ...lines, link, '', ignore].join('\n').trim() + '\n',
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
      `<p><a href="${escapeHtml(link)}">${reset ? 'Choose a new password' : 'Finish signing up'}</a></p>`,
      ignore ? `<p>${escapeHtml(ignore)}</p>` : '',
    ].join('\n'),
  };
}
