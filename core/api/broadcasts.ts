import { z } from 'zod';
import { jsonRecordId } from '../validation/ids';
import { recordId } from '../validation/wire';
import { endpoint } from './endpoint';
import * as answers from './answers/broadcasts';

// Broadcast e-mail (spec 3 §2.12, §5 "Broadcast", §7 "Broadcast", §8; issue 29 items 1–3, 5): the
// recipients of a league, team or class as the dialog offers them, sending one mail per recipient as
// durable jobs, the broadcasts sent from a page with their sent / failed counts, and the signed
// unsubscribe link each mail carries (no sign-in).

export const BROADCAST_MESSAGES = {
  sent: 'Broadcast message sent',
  // Ours: what the spec leaves unworded.
  subject: 'Please enter a subject',
  noRecipients: 'There is nobody to send this message to',
  tooMany: 'A broadcast goes to at most 5,000 recipients',
  oneSource: 'Choose one league, team or class',
  noSource: 'Send the broadcast from a league, team or class page of your facility',
  foreign: 'These addresses are not among the people of this league, team or class, nor your facility\'s staff',
} as const;

/** The §8 confirmations: 'send this message to all captains' and its siblings. */
export const BROADCAST_CONFIRMATIONS = {
  captains: 'send this message to all captains',
  players: 'send this message to all players',
  captain: 'send this message to the captain',
  participants: 'send this message to all participants',
} as const;

export const MAX_RECIPIENTS = 5000;

const EMAIL = z.email();
/** An e-mail address as a broadcast takes it (trimmed, at most 254 characters). */
export const isEmailAddress = (value: string) => value.length <= 254 && EMAIL.safeParse(value).success;

/** A comma separated list (BCC, Reply to) split into its trimmed, non-empty entries. */
export const splitAddresses = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);

/** 'Invalid e-mail addresses: a, b and 3 more' (issue 29 item 2: a 400 names them). */
export function invalidAddresses(bad: readonly string[], what = 'Invalid e-mail addresses'): string {
  const shown = bad.slice(0, 10).map((b) => (b.length > 60 ? `${b.slice(0, 57)}...` : b) || '(empty)');
  return `${what}: ${shown.join(', ')}${bad.length > 10 ? ` and ${bad.length - 10} more` : ''}`;
}

/** Who the message goes to: a league's or team's players or captain(s); a class's parents. */
export const SEND_TO = ['players', 'captains'] as const;
export type SendTo = (typeof SEND_TO)[number];

export type BroadcastRecipients = z.output<typeof answers.broadcastRecipients>;

const source = {
  league_id: recordId().optional(),
  team_id: recordId().optional(),
  class_id: recordId().optional(),
};
const oneSource = (q: { league_id?: number; team_id?: number; class_id?: number }) =>
  [q.league_id, q.team_id, q.class_id].filter((v) => v !== undefined).length === 1;

export const broadcastRecipients = endpoint<BroadcastRecipients>()({
  method: 'GET',
  path: '/broadcast/recipients',
  summary: 'The addresses a broadcast reaches: league_id or team_id with send_to players or captains; class_id (parents of the participants; for a season, of the divisions whose name matches filter)',
  permission: { resource: 'broadcasts', action: 'create' },
  query: z.strictObject({
    ...source,
    send_to: z.enum(SEND_TO).default('players'),
    filter: z.string().max(200).default(''),
  }).refine(oneSource, { message: BROADCAST_MESSAGES.oneSource }),
  answer: answers.broadcastRecipients,
});

/** A broadcast as the pages list it. */
export type BroadcastRow = z.output<typeof answers.broadcastRow>;

export const listBroadcasts = endpoint<BroadcastRow[]>()({
  method: 'GET',
  path: '/broadcast',
  summary: 'The latest 50 broadcasts sent from a league, team or class page, newest first, with their sent and failed counts',
  permission: { resource: 'broadcasts', action: 'list' },
  query: z.strictObject(source).refine(oneSource, { message: BROADCAST_MESSAGES.oneSource }),
  answer: answers.broadcastRow.array(),
});

const addresses = z.string().max(5000).default('');

export const sendBroadcast = endpoint<{ ID: number; recipient_count: number; unsubscribed: number }>()({
  method: 'POST',
  path: '/broadcast',
  summary: 'Sends a broadcast: one mail per recipient (the HTML sanitised, a List-Unsubscribe link each), as durable jobs; answers at once with the broadcast ID and how many mails it sends',
  permission: { resource: 'broadcasts', action: 'create' },
  status: 201,
  body: z.strictObject({
    subject: z.string().trim().min(1, BROADCAST_MESSAGES.subject).max(200),
    html: z.string().max(500_000),
    recipients: z.array(z.string().trim().toLowerCase().max(320)).max(MAX_RECIPIENTS, BROADCAST_MESSAGES.tooMany),
    facility_id: jsonRecordId(),
    reply_to: addresses,
    sender: z.string().trim().max(100).default(''),
    send_to_captains: z.boolean().default(false),
    send_to_all_team: z.boolean().default(false),
    league_id: jsonRecordId().optional(),
    team_id: jsonRecordId().optional(),
    class_id: jsonRecordId().optional(),
  }),
  answer: answers.sendBroadcastAnswer,
});

// The unsubscribe link of a broadcast mail (no sign-in: the token is signed; issue 41 m26). Opening it
// (GET) only shows a page with a button, so that a mail scanner or a link preview unsubscribes nobody;
// the button, or a mail client's one-click (RFC 8058: POST with List-Unsubscribe=One-Click), POSTs it.
// The token is checked by the handler, so that a link that is not ours answers a page, not JSON.
const unsubscribeToken = z.strictObject({ token: z.string().max(400) });

export const unsubscribe = endpoint<string>()({
  method: 'GET',
  path: '/unsubscribe/{token}',
  root: true,
  summary: 'The link of a broadcast mail: a page (HTML) that names the address and asks to confirm with a button; unsubscribes nobody by itself',
  permission: 'public',
  params: unsubscribeToken,
  answer: answers.unsubscribeAnswer,
});

export const confirmUnsubscribe = endpoint<string>()({
  method: 'POST',
  path: '/unsubscribe/{token}',
  root: true,
  summary: "The page's button, or a mail client's one-click unsubscribe (RFC 8058): leaves the address out of later broadcasts; answers a page (HTML) offering to re-subscribe",
  permission: 'public',
  params: unsubscribeToken,
  answer: answers.unsubscribeAnswer,
});

export const resubscribe = endpoint<string>()({
  method: 'POST',
  path: '/unsubscribe/{token}/resubscribe',
  root: true,
  summary: 'Undoes an unsubscribe from its own link: the address receives broadcasts again; answers a page (HTML)',
  permission: 'public',
  params: unsubscribeToken,
  answer: answers.unsubscribeAnswer,
});
