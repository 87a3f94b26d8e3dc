import { z } from 'zod';

export const broadcastRecipients = z.object({
  recipients: z.array(z.string()),
  count: z.number(),
  facility_id: z.number().int(),
  unsubscribed: z.number(),
});

export const broadcastRow = z.object({
  ID: z.number().int(),
  subject: z.string(),
  sender: z.string(),
  CreatedAt: z.number().int(),
  recipient_count: z.number(),
  sent_count: z.number(),
  failed_count: z.number(),
});

export const sendBroadcastAnswer = z.object({ ID: z.number().int(), recipient_count: z.number(), unsubscribed: z.number() });

export const unsubscribeAnswer = z.string();
