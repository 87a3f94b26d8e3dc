import { randomBytes } from 'node:crypto';
import { NO_SHOW_PRODUCT_TYPES } from '../../../../core/constants';
import { changelog, events, media } from '../../schema';
import { variationId } from '../catalog';
import type { DemoField } from '../fields';
import type { DemoContext } from './context';

// Every event of the demo goes through here, so the calendar's flags, photos and change history are
// drawn the same way for rentals, matches, classes and contracts.

export interface EventDraft {
  field: DemoField;
  start: number;
  end: number;
  product_type_id: number;
  productId?: number | null;
  customer_id?: number | null;
  match_id?: number | null;
  contract_id?: number | null;
  class_id?: number | null;
  coach_id?: number | null;
  comment?: string;
  block_token?: string | null;
  contract_variant_price?: number | null;
  quota?: number | null;
}

export function addEvent(ctx: DemoContext, draft: EventDraft): number {
  const { rng, writer, now, staff } = ctx;
  const { field } = draft;
  const past = draft.end <= now;
  const booked = draft.start - rng.int(2, 30) * 86400;
  const created = Math.min(booked, now - 3600);
  const row = {
    product_type_id: draft.product_type_id, field_id: field.ID, facility_id: field.facility_id,
    start_date: draft.start, end_date: draft.end, comment: draft.comment ?? '', customer_id: draft.customer_id ?? null,
    new_product_id: draft.productId ?? null, product_id: draft.productId ? variationId(draft.productId, field.facility_id) : null,
    match_id: draft.match_id ?? null, contract_id: draft.contract_id ?? null, class_id: draft.class_id ?? null,
    coach_id: draft.coach_id ?? null, block_token: draft.block_token ?? null, contract_variant_price: draft.contract_variant_price ?? null,
    quota: draft.quota ?? null,
    no_show: past && (NO_SHOW_PRODUCT_TYPES as readonly number[]).includes(draft.product_type_id) && rng.chance(0.02),
    video_visible: past && rng.chance(0.3),
    checked_in: past && draft.customer_id != null && rng.chance(0.85),
    CreatedAt: created, UpdatedAt: created,
  };
  const ID = writer.add(events, row);
  if (past && rng.chance(0.015)) {
    // Served by GET /api/files/media/{name}, without a session: the name is random, not the seeded rng's
    // (server/db/seed/mediaFiles.ts draws the files).
    const name = `media-${randomBytes(16).toString('hex')}`;
    writer.add(media, {
      facility_id: field.facility_id, field_id: field.ID, event_id: ID, thumbnail: `/api/files/media/${name}-thumb.jpg`, s3_url: `/api/files/media/${name}.png`,
      to_keep: rng.chance(0.9), CreatedAt: draft.start + 600, UpdatedAt: draft.start + 600,
    });
  }
  if (rng.chance(0.03)) {
    const user_id = staff.managers.get(field.facility_id)?.[0] ?? staff.admin;
    writer.add(changelog, { object_type: 'event', object_id: ID, action: 'create', user_id, new_value: JSON.stringify({ ID, ...row }), CreatedAt: created });
    if (rng.chance(0.3)) {
      const moved = Math.min(now - 60, created + 86400);
      writer.add(changelog, {
        object_type: 'event', object_id: ID, action: 'update', user_id, CreatedAt: moved,
        new_value: JSON.stringify({ comment: 'Moved at the customer\'s request', start_date: draft.start, end_date: draft.end }),
      });
    }
  }
  return ID;
}
