import multipart from '@fastify/multipart';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { getMedia, MEDIA_MAX_BYTES, MEDIA_MESSAGES, mediaFile, mediaList, updateMedia, uploadMedia, type MediaRow } from '../../../core/api/media';
import { fillPath } from '../../../core/api/endpoint';
import { MEDIA_DELETED, MEDIA_SEASONS, SEASON_STARTS, type MediaDateRange, type MediaSeason } from '../../../core/media';
import { nowSeconds } from '../../../core/time';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { events, facilities, fields, media, productTypes } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { listPage, sendRange } from '../../http/list';
import { receiveFile } from '../../http/upload';
import { recordChange } from '../../services/changelog';
import { imageExtension, mimeOf, newName, STORED_NAME } from '../../services/uploads';

// The media gallery (spec 3 §2.18, issue 28): GET /media with the filters and paging, GET and PUT
// /media/{id} (mark deleted / restore, audited), POST /media (a photo and its thumbnail, made once
// here) and GET /files/media/{name} (the files, from the storage). Non-admins see their facility's
// photos only; another facility's photo answers 404. The season and age-group filters follow the rules
// the browser tags with (core/media.ts).

const FOLDER = 'media';
const THUMBNAIL = { width: 320, height: 240 } as const;

/** When the photo was taken: its event's start, else when it was stored. */
const takenAt = sql<number>`coalesce(${events.start_date}, ${media.CreatedAt})`;
/** That instant's local date and month-day in the facility's zone. */
const localDate = sql`(to_timestamp(${takenAt}) at time zone ${facilities.time_zone})::date`;
const monthDay = sql<string>`to_char(to_timestamp(${takenAt}) at time zone ${facilities.time_zone}, 'MMDD')`;
const isAdult = sql`coalesce(${productTypes.reporting}, '') ilike '%adult%'`;

const mmdd = (month: number, day: number) => `${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;

/** The season's month-days: from its start up to the next season's (Winter runs over the new year). */
function seasonCondition(season: MediaSeason): SQL {
  const i = MEDIA_SEASONS.indexOf(season);
  const start = SEASON_STARTS[i];
  const next = SEASON_STARTS[(i + 1) % SEASON_STARTS.length];
  const [from, to] = [mmdd(start.month, start.day), mmdd(next.month, next.day)];
  return from < to ? sql`(${monthDay} >= ${from} and ${monthDay} < ${to})` : sql`(${monthDay} >= ${from} or ${monthDay} < ${to})`;
}

function dateRangeCondition(range: MediaDateRange, now: number): SQL {
  const today = sql`(to_timestamp(${now}) at time zone ${facilities.time_zone})::date`;
  if (range === 'yesterday') return sql`${localDate} = ${today} - 1`;
  const days = { last_3_days: 3, last_7_days: 7, last_30_days: 30 }[range];
  return sql`${localDate} between ${today} - ${days - 1}::int and ${today}`;
}

interface MediaSearch {
  facility_id?: number; product_type_id?: number; season?: MediaSeason; age_group_id?: 1 | 2; deleted?: 1 | 2; date_range?: MediaDateRange;
}

function conditions(user: SessionUser, search: MediaSearch, now: number): SQL | undefined {
  const facility = facilityScope(user, search.facility_id);
  return and(
    facility === null ? undefined : eq(media.facility_id, facility),
    search.product_type_id ? eq(events.product_type_id, search.product_type_id) : undefined,
    search.age_group_id === undefined ? undefined : search.age_group_id === 1 ? isAdult : sql`not (${isAdult})`,
    search.season ? seasonCondition(search.season) : undefined,
    search.deleted === undefined ? undefined : eq(media.to_keep, search.deleted === MEDIA_DELETED.NO),
    search.date_range ? dateRangeCondition(search.date_range, now) : undefined,
  );
}

const selectMedia = (db: Db | Tx, where: SQL | undefined) => db.select({
  ID: media.ID, facility_id: media.facility_id, thumbnail: media.thumbnail, s3_url: media.s3_url, to_keep: media.to_keep,
  CreatedAt: media.CreatedAt, UpdatedAt: media.UpdatedAt, date: takenAt,
  facility: { ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone },
  field_id: fields.ID, field_name: fields.name,
  event_id: events.ID, start_date: events.start_date,
  product_type_id: productTypes.ID, product_type_name: productTypes.name, reporting: productTypes.reporting,
}).from(media)
  .innerJoin(facilities, eq(facilities.ID, media.facility_id))
  .leftJoin(fields, eq(fields.ID, media.field_id))
  .leftJoin(events, eq(events.ID, media.event_id))
  .leftJoin(productTypes, eq(productTypes.ID, events.product_type_id))
  .where(where)
  .$dynamic();

type Selected = Awaited<ReturnType<typeof selectMedia>>[number];

const wire = (r: Selected): MediaRow => ({
  ID: r.ID, facility_id: r.facility_id, facility: r.facility,
  field: r.field_id === null ? null : { ID: r.field_id, name: r.field_name ?? '' },
  event: r.event_id === null ? null : {
    ID: r.event_id, start_date: r.start_date ?? 0,
    product_type: { ID: r.product_type_id ?? 0, name: r.product_type_name ?? '', reporting: r.reporting ?? '' },
  },
  thumbnail: r.thumbnail, s3_url: r.s3_url, to_keep: r.to_keep, date: Number(r.date), CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
});

const SORTS = { ID: media.ID, date: takenAt, CreatedAt: media.CreatedAt } as const;

/** A photo the user may see, or 404 (another facility's too). */
async function findMedia(db: Db | Tx, user: SessionUser, id: number): Promise<MediaRow> {
  const facility = facilityScope(user, undefined);
  const [row] = await selectMedia(db, and(eq(media.ID, id), facility === null ? undefined : eq(media.facility_id, facility)));
  if (!row) throw notFound('Photo');
  return wire(row);
}

/** The served URL of a stored media file. */
const fileUrl = (name: string) => fillPath(mediaFile, { name });

/** A thumbnail of an image (JPEG, at most 320 × 240, cropped to fill), or null when the bytes are no image sharp reads. */
export async function makeThumbnail(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(bytes).rotate().resize({ ...THUMBNAIL, fit: 'cover' }).jpeg({ quality: 75 }).toBuffer();
  } catch {
    return null;
  }
}

export async function mediaRoutes(app: FastifyInstance) {
  const { db, storage } = app.deps;
  await app.register(multipart, { limits: { files: 1, fileSize: MEDIA_MAX_BYTES, fields: 5 } });

  serve(app, mediaList, async ({ user, query }, _request, reply) => {
    const column = SORTS[query.sort.field as keyof typeof SORTS] ?? takenAt;
    const order = query.sort.order === 'ASC' ? asc : desc;
    const where = conditions(user, query.filters as MediaSearch, nowSeconds());
    const page = await listPage(db, () => selectMedia(db, where), [order(column), order(media.ID)], query.range);
    sendRange(reply, 'media', page);
    return page.rows.map(wire);
  });

  serve(app, getMedia, async ({ user, params: { id } }) => findMedia(db, user, id));

  serve(app, updateMedia, async ({ user, params: { id }, body: { to_keep } }) => db.transaction(async (tx) => {
    const facility = facilityScope(user, undefined);
    const [row] = await tx.select().from(media)
      .where(and(eq(media.ID, id), facility === null ? undefined : eq(media.facility_id, facility))).for('update');
    if (!row) throw notFound('Photo');
    if (row.to_keep !== to_keep) {
      const [updated] = await tx.update(media).set({ to_keep, UpdatedAt: nowSeconds() }).where(eq(media.ID, id)).returning();
      await recordChange(tx, { object: 'media', object_id: id, action: to_keep ? 'restore' : 'delete', user_id: user.ID, new_value: updated });
    }
    return findMedia(tx, user, id);
  }));

  serve(app, uploadMedia, async ({ user, query }, request) => {
    const { bytes } = await receiveFile(request, {
      notMultipart: 'Send the photo as multipart/form-data in a field named file',
      missing: 'Choose a photo to upload',
      tooLarge: () => new HttpError(413, MEDIA_MESSAGES.tooLarge),
    });
    const ext = imageExtension(bytes);
    if (!ext || ext === 'gif') throw badRequest(MEDIA_MESSAGES.notAnImage);
    const [event] = query.event_id ? await db.select().from(events).where(eq(events.ID, query.event_id)) : [];
    if (query.event_id && !event) throw notFound('Event');
    const facility = facilityScope(user, query.facility_id) ?? event?.facility_id;
    if (!facility) throw badRequest(MEDIA_MESSAGES.noFacility);
    if (event && event.facility_id !== facility) throw notFound('Event');
    const [known] = await db.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, facility));
    if (!known) throw notFound('Facility');
    const thumbnail = await makeThumbnail(bytes);
    if (!thumbnail) throw badRequest(MEDIA_MESSAGES.notAnImage);

    const name = newName(FOLDER, ext);
    const thumbName = name.replace(/\.[a-z]+$/, '-thumb.jpg');
    await storage.put(`${FOLDER}/${name}`, bytes, mimeOf(name));
    await storage.put(`${FOLDER}/${thumbName}`, thumbnail, 'image/jpeg');
    try {
      return await db.transaction(async (tx) => {
        const now = nowSeconds();
        const [row] = await tx.insert(media).values({
          facility_id: facility, field_id: event?.field_id ?? null, event_id: event?.ID ?? null,
          s3_url: fileUrl(name), thumbnail: fileUrl(thumbName), to_keep: true, CreatedAt: now, UpdatedAt: now,
        }).returning();
        await recordChange(tx, { object: 'media', object_id: row.ID, action: 'create', user_id: user.ID, new_value: row });
        return findMedia(tx, user, row.ID);
      });
    } catch (error) {
      // No row, no files.
      await Promise.all([storage.delete(`${FOLDER}/${name}`), storage.delete(`${FOLDER}/${thumbName}`)]);
      throw error;
    }
  });

  serve(app, mediaFile, async ({ params: { name } }, _request, reply) => {
    const file = STORED_NAME.test(name) ? await storage.stream(`${FOLDER}/${name}`) : null;
    if (!file) throw notFound('Photo');
    return reply
      .type(mimeOf(name))
      .header('content-length', file.length)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(file.body);
  });
}
