import { z } from 'zod';
import { MEDIA_DATE_RANGES, MEDIA_DELETED, MEDIA_SEASONS } from '../media';
import { listQuery } from '../validation/listQuery';
import { idParam, recordId } from '../validation/wire';
import { endpoint } from './endpoint';
import { entity } from './entity';
import * as answers from './answers/media';

// The media gallery (spec 3 §2.18, §3 "Media", §7 "GET /media", §9; issue 28): the field cameras'
// photos of a facility, filtered and paged; staff mark one deleted (to_keep false) and restore it,
// audited. Files are kept in the storage (DATA_DIR/files or the S3 bucket) with random names and
// served without a session (<img> tags send none), as customer photos are.

/** A photo as /media lists it. Its tags (season, age group) are derived from it (core/media.ts). */
export type MediaRow = z.output<typeof answers.mediaRow>;

export const MEDIA_SORTS = ['ID', 'date', 'CreatedAt'] as const;
export const MEDIA_PAGE_SIZES = [24, 48, 96] as const;

/** Media's own messages (the spec words none). */
export const MEDIA_MESSAGES = {
  deleted: 'must be 1 (deleted) or 2 (not deleted)',
  season: `must be one of ${MEDIA_SEASONS.join(', ')}`,
  dateRange: `must be one of ${MEDIA_DATE_RANGES.join(', ')}`,
  notAnImage: 'The photo must be a JPEG, PNG or WebP image',
  tooLarge: 'The photo is too large (10 MB at most)',
  noFacility: 'Choose the facility the photo belongs to',
} as const;

export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

export const mediaList = endpoint<MediaRow[]>()({
  method: 'GET',
  path: '/media',
  summary: 'The photos, newest first: facility_id (admins), product_type_id, season (Spring, Summer, Fall, Winter by the spec\'s boundaries), age_group_id (1 Adult, 2 Youth, by the product type\'s reporting name), deleted (1 yes, 2 no), date_range (yesterday, last_3_days, last_7_days, last_30_days, in the facility\'s zone); ra-data-simple-rest sort and range, Content-Range tells the total',
  permission: { resource: 'media', action: 'list' },
  query: listQuery({
    sortable: MEDIA_SORTS, defaultSort: ['date', 'DESC'], searchable: false,
    filters: {
      facility_id: recordId('must be a facility ID (0 for all)', 0),
      product_type_id: recordId(),
      season: z.enum(MEDIA_SEASONS, { error: MEDIA_MESSAGES.season }),
      age_group_id: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: 'must be 1 (Adult) or 2 (Youth)' })),
      deleted: z.coerce.number().pipe(z.union([z.literal(MEDIA_DELETED.YES), z.literal(MEDIA_DELETED.NO)], { error: MEDIA_MESSAGES.deleted })),
      date_range: z.enum(MEDIA_DATE_RANGES, { error: MEDIA_MESSAGES.dateRange }),
    },
  }),
  answer: answers.mediaRow.array(),
});

export const getMedia = endpoint<MediaRow>()({
  method: 'GET',
  path: '/media/{id}',
  summary: 'One photo (the details drawer)',
  permission: { resource: 'media', action: 'show' },
  params: idParam,
  answer: answers.mediaRow,
});

export const updateMedia = endpoint<MediaRow>()({
  method: 'PUT',
  path: '/media/{id}',
  summary: 'Marks a photo deleted (to_keep false) or restores it (to_keep true); written to the changelog',
  permission: { resource: 'media', action: 'edit' },
  params: idParam,
  body: z.strictObject({ to_keep: z.boolean() }),
  answer: answers.mediaRow,
});

export const uploadMedia = endpoint<MediaRow>()({
  method: 'POST',
  path: '/media',
  summary: `Stores a photo (multipart field "file": JPEG, PNG or WebP, at most 10 MB) and its thumbnail, made once here; facility_id (admins), event_id`,
  permission: { resource: 'media', action: 'create' },
  query: z.strictObject({ facility_id: recordId('must be a facility ID').optional(), event_id: recordId().optional() }),
  bodyKind: 'multipart',
  status: 201,
  answer: answers.mediaRow,
});

export const mediaFile = endpoint<Blob>()({
  method: 'GET',
  path: '/files/media/{name}',
  summary: 'A stored photo or thumbnail (no session: <img> tags send none; the names are random)',
  permission: 'public',
  params: z.strictObject({ name: z.string().max(100, 'is not a photo name') }),
  answer: answers.file,
});

/** The media gallery (/media). */
export const mediaEntity = entity({ resource: 'media', label: 'Media', facilityFilter: 'facility_id', list: mediaList, one: getMedia, update: updateMedia, create: uploadMedia });
