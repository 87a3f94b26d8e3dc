import * as broadcasts from '../core/api/broadcasts';
import type { BroadcastRecipients, BroadcastRow, SendTo } from '../core/api/broadcasts';
import { hubspotList, type HubspotListAnswer } from '../core/api/customers';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

// Broadcast e-mail (spec 3 §2.12, §7 "Broadcast"): the recipients of a league, team or class, sending,
// and the broadcasts a page sent, through their declarations in core/api/broadcasts.ts; and the HubSpot
// list of the same people (POST /customer/hubspot, core/api/customers.ts).

export type { BroadcastRecipients, BroadcastRow, SendTo } from '../core/api/broadcasts';
export type { HubspotListAnswer } from '../core/api/customers';

/** What goes into a HubSpot list: leagues, teams and classes of one facility. */
export interface HubspotSelection { league_ids?: number[]; team_ids?: number[]; class_ids?: number[] }

/** Where a broadcast is sent from: one of a league, a team or a class. */
export type BroadcastSource = { league_id: number } | { team_id: number } | { class_id: number };

export interface BroadcastBody {
  subject: string;
  html: string;
  recipients: string[];
  facility_id: number;
  reply_to: string;
  sender: string;
  send_to_captains?: boolean;
  send_to_all_team?: boolean;
  league_id?: number;
  team_id?: number;
  class_id?: number;
}

export interface BroadcastMethods {
  broadcastRecipients(source: BroadcastSource, sendTo: SendTo, filter?: string): Promise<BroadcastRecipients>;
  sendBroadcast(body: BroadcastBody): Promise<{ ID: number; recipient_count: number; unsubscribed: number }>;
  listBroadcasts(source: BroadcastSource): Promise<BroadcastRow[]>;
  exportHubspot(selection: HubspotSelection): Promise<HubspotListAnswer>;
}

export function broadcastMethods(apiUrl: string, client: HttpClient): BroadcastMethods {
  const call = createCall(client, apiUrl);
  return {
    broadcastRecipients: (source, send_to, filter) => call(broadcasts.broadcastRecipients, { query: { ...source, send_to, filter } }),
    sendBroadcast: (body) => call(broadcasts.sendBroadcast, { body }),
    listBroadcasts: (source) => call(broadcasts.listBroadcasts, { query: source }),
    exportHubspot: (selection) => call(hubspotList, { body: { league_ids: [], team_ids: [], class_ids: [], ...selection } }),
  };
}
