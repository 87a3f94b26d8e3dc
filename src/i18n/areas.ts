// Messages of the pages and resources built after the shell. Each area keeps its own English and
// Spanish beside its code (e.g. resources/staff/messages.ts exporting `{ en, es }` with the same
// keys) and gets one line in AREAS; they are merged deeply, so several areas may add to `resources`.

import * as calendarMessages from '../pages/calendar/messages';
import * as changesMessages from '../components/ChangesView/messages';
import * as customerPickerMessages from '../components/CustomerPicker/messages';
import * as participantWizardMessages from '../components/ParticipantWizard/messages';
import * as customerSearchMessages from '../../resources/customer/search/messages';
import * as customerProfileMessages from '../../resources/customer/profile/messages';
import * as discountsMessages from '../../resources/discount/messages';
import * as productsMessages from '../../resources/products/messages';
import * as invoicesMessages from '../../resources/invoices/messages';
import * as reportsMessages from '../pages/reports/messages';
import * as contractsMessages from '../../resources/contracts/messages';
import * as squareMessages from '../../resources/invoices/squareMessages';
import * as resourcesMessages from '../pages/resources/messages';
import * as scoreboardsMessages from '../pages/scoreboards/messages';
import * as staffMessages from '../../resources/staff/messages';

export type MessageTree = { [key: string]: string | MessageTree };
export interface AreaMessages {
  en: MessageTree;
  es: MessageTree;
}

export const AREAS: AreaMessages[] = [
  resourcesMessages,
  changesMessages,
  staffMessages,
  discountsMessages,
  customerSearchMessages,
  customerProfileMessages,
  participantWizardMessages,
  customerPickerMessages,
  productsMessages,
  scoreboardsMessages,
  calendarMessages,
  invoicesMessages,
  reportsMessages,
  contractsMessages,
  squareMessages,
];

export function deepMerge(base: MessageTree, extra: MessageTree): MessageTree {
  const out: MessageTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return out;
}

export const areaMessages = (language: keyof AreaMessages): MessageTree =>
  AREAS.reduce<MessageTree>((all, area) => deepMerge(all, area[language]), {});
