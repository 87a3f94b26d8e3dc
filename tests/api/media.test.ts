import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaRow } from '../../core/api/media';
import { PRODUCT_TYPE } from '../../core/constants';
import { mediaAgeGroup, mediaDateRange, mediaSeason, MEDIA_DATE_RANGES, type MediaSeason } from '../../core/media';
import { nowSeconds, zonedTime } from '../../core/time';
import { changelog, events, fields, media } from '../../server/db/schema';
import { createTestContext, type StaffTokens, type TestContext } from './harness';
import { multipartFile } from './support/multipart';

// The media gallery (spec 3 §2.18, §9; issue 28 item 1): GET /media's filters (facility, product type,
// season by the spec's boundaries, age group by the reporting name, deleted, date range), server
// paging, the facility wall, delete and restore with their changelog, uploads with a thumbnail made
// once, and the files served from the storage. The filters agree with the tags the browser derives
// (core/media.ts).

let ctx: TestContext;
let t: StaffTokens;
let dataDir: string;
const NY = 'America/New_York';
const ids: Record<string, number> = {};

async function fieldOf(facility: number) {
  const [field] = await ctx.database.db.select().from(fields).where(eq(fields.facility_id, facility)).limit(1);
  return field;
}

/** A photo of facility `facility` taken at `at` during an event of product type `type` (none: no event). */
async function photo(name: string, facility: number, at: number, type: number | null, to_keep = true) {
  const { db } = ctx.database;
  const field = await fieldOf(facility);
  let event_id: number | null = null;
  if (type !== null) {
    const [event] = await db.insert(events).values({
      product_type_id: type, field_id: field.ID, facility_id: facility, start_date: at, end_date: at + 3600, CreatedAt: at, UpdatedAt: at,
    }).returning();
    event_id = event.ID;
  }
  const [row] = await db.insert(media).values({
    facility_id: facility, field_id: field.ID, event_id, thumbnail: `/api/files/media/${name}-thumb.jpg`, s3_url: `/api/files/media/${name}.png`,
    to_keep, CreatedAt: at + 600, UpdatedAt: at + 600,
  }).returning();
  ids[name] = row.ID;
}

const noon = (year: number, month: number, day: number) => zonedTime(year, month, day, 12 * 60, NY);
const list = async (who: keyof StaffTokens, query: string) => {
  const res = await ctx.api(t[who], 'GET', `/media${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MediaRow[];
};
const listed = async (who: keyof StaffTokens, query: string) => (await list(who, query)).map((r) => r.ID).sort((a, b) => a - b);
const named = (...names: string[]) => names.map((n) => ids[n]).sort((a, b) => a - b);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-media-'));
  ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
  t = await ctx.signInStaff();
  // Facility 1 (New York): around each season's first day, adult and youth events, one without an event.
  await photo('winter_end', 1, noon(2025, 3, 18), PRODUCT_TYPE.ADULT_LEAGUE);
  await photo('spring', 1, noon(2025, 3, 19), PRODUCT_TYPE.YOUTH_LEAGUE);
  await photo('summer', 1, noon(2025, 6, 20), PRODUCT_TYPE.ADULT_LEAGUE);
  await photo('fall', 1, noon(2025, 9, 22), 5 /* Pickup: reporting "Adult Pickup" */);
  await photo('winter', 1, noon(2025, 12, 20), PRODUCT_TYPE.YOUTH_LEAGUE, false);
  await photo('no_event', 1, noon(2025, 1, 5), null);
  // Facility 2.
  await photo('queens', 2, noon(2025, 7, 1), PRODUCT_TYPE.ADULT_LEAGUE);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /media', () => {
  it('is for the office: not coaches or referees', async () => {
    for (const who of ['coach', 'referee'] as const) expect((await ctx.api(t[who], 'GET', '/media')).statusCode).toBe(403);
    expect((await ctx.api(t.mod, 'GET', '/media')).statusCode).toBe(200);
  });

  it('answers the photos newest first with facility, field and event', async () => {
    const rows = await list('admin', '?facility_id=1');
    expect(rows.map((r) => r.ID)).toEqual(['winter', 'fall', 'summer', 'spring', 'winter_end', 'no_event'].map((n) => ids[n]));
    expect(rows[0]).toMatchObject({
      facility_id: 1, facility: { ID: 1, time_zone: NY }, field: { ID: expect.any(Number) }, to_keep: false,
      event: { start_date: noon(2025, 12, 20), product_type: { ID: PRODUCT_TYPE.YOUTH_LEAGUE, reporting: 'Youth Leagues' } },
      s3_url: '/api/files/media/winter.png', thumbnail: '/api/files/media/winter-thumb.jpg',
    });
    expect(rows.at(-1)).toMatchObject({ event: null, date: noon(2025, 1, 5) + 600 });
  });

  it('keeps non-admins to their facility whatever they ask', async () => {
    expect(await listed('manager2', '')).toEqual(named('queens'));
    expect(await listed('manager2', '?facility_id=1')).toEqual(named('queens'));
    expect(await listed('mod', '?facility_id=2')).toEqual(named('winter_end', 'spring', 'summer', 'fall', 'winter', 'no_event'));
    expect(await listed('admin', '')).toEqual(named('winter_end', 'spring', 'summer', 'fall', 'winter', 'no_event', 'queens'));
  });

  it('filters by season on the spec\'s first days, as the browser tags them', async () => {
    const expected: Record<MediaSeason, string[]> = {
      Spring: ['spring'], Summer: ['summer'], Fall: ['fall'], Winter: ['winter_end', 'winter', 'no_event'],
    };
    const all = await list('admin', '?facility_id=1');
    for (const [season, names] of Object.entries(expected)) {
      expect(await listed('admin', `?facility_id=1&season=${season}`), season).toEqual(named(...names));
      expect(all.filter((r) => mediaSeason(r.date, r.facility.time_zone) === season).map((r) => r.ID).sort((a, b) => a - b)).toEqual(named(...names));
    }
  });

  it('filters by age group from the product type\'s reporting name, as the browser tags them', async () => {
    expect(await listed('admin', '?facility_id=1&age_group_id=1')).toEqual(named('winter_end', 'summer', 'fall'));
    expect(await listed('admin', '?facility_id=1&age_group_id=2')).toEqual(named('spring', 'winter', 'no_event'));
    const all = await list('admin', '?facility_id=1');
    expect(all.filter((r) => mediaAgeGroup(r.event?.product_type.reporting) === 'Adult').map((r) => r.ID).sort((a, b) => a - b))
      .toEqual(named('winter_end', 'summer', 'fall'));
  });

  it('filters by product type and deleted (Yes = 1, No = 2), together with the ra-data-simple-rest filter', async () => {
    expect(await listed('admin', `?product_type_id=${PRODUCT_TYPE.ADULT_LEAGUE}`)).toEqual(named('winter_end', 'summer', 'queens'));
    expect(await listed('admin', '?deleted=1')).toEqual(named('winter'));
    expect(await listed('admin', '?facility_id=1&deleted=2')).toEqual(named('winter_end', 'spring', 'summer', 'fall', 'no_event'));
    const filter = encodeURIComponent(JSON.stringify({ facility_id: 1, season: 'Winter', deleted: 2 }));
    expect(await listed('admin', `?filter=${filter}`)).toEqual(named('winter_end', 'no_event'));
  });

  it('wires the date ranges to the photos\' dates in the facility\'s zone', async () => {
    const now = nowSeconds();
    const DAY = 86_400;
    // A photo's date is its row's CreatedAt, 600 s after `at`: 'today' is dated 50 minutes ago (at now - 60 it was dated
    // in the future, tomorrow's after 23:51 in New York, outside every range).
    await photo('today', 3, now - 3600, null);
    await photo('days_2', 3, now - 2 * DAY, null);
    await photo('days_5', 3, now - 5 * DAY, null);
    await photo('days_20', 3, now - 20 * DAY, null);
    await photo('days_40', 3, now - 40 * DAY, null);
    const all = await list('admin', '?facility_id=3');
    for (const range of MEDIA_DATE_RANGES) {
      const { from, to } = mediaDateRange(range, nowSeconds(), NY);
      const expected = all.filter((r) => r.date >= from && r.date < to).map((r) => r.ID).sort((a, b) => a - b);
      expect(await listed('admin', `?facility_id=3&date_range=${range}`), range).toEqual(expected);
    }
    expect(await listed('admin', '?facility_id=3&date_range=last_30_days')).toEqual(expect.arrayContaining(named('today', 'days_2', 'days_5', 'days_20')));
    expect(await listed('admin', '?facility_id=3&date_range=last_30_days')).not.toContain(ids.days_40);
    expect(await listed('admin', '?facility_id=3&date_range=last_3_days')).not.toContain(ids.days_5);
  });

  it('pages on the server and tells the total', async () => {
    const first = await ctx.api(t.admin, 'GET', `/media?facility_id=1&range=${encodeURIComponent('[0,1]')}`);
    expect(first.headers['content-range']).toBe('media 0-1/6');
    expect(first.json().map((r: MediaRow) => r.ID)).toEqual([ids.winter, ids.fall]);
    const last = await ctx.api(t.admin, 'GET', `/media?facility_id=1&range=${encodeURIComponent('[4,5]')}`);
    expect(last.headers['content-range']).toBe('media 4-5/6');
    expect(last.json().map((r: MediaRow) => r.ID)).toEqual([ids.winter_end, ids.no_event]);
  });

  it('answers 400 naming a bad filter', async () => {
    for (const [query, message] of [['season=Autumn', /season: must be one of Spring, Summer, Fall, Winter/], ['deleted=3', /deleted: must be 1 \(deleted\) or 2/],
      ['date_range=last_year', /date_range: must be one of yesterday/], ['age_group_id=9', /age_group_id: must be 1 \(Adult\) or 2 \(Youth\)/]] as const) {
      const res = await ctx.api(t.admin, 'GET', `/media?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe('PUT /media/{id}', () => {
  it('marks a photo deleted and restores it, each written to the changelog', async () => {
    const put = (to_keep: boolean) => ctx.api(t.mod, 'PUT', `/media/${ids.spring}`, { to_keep });
    const deleted = await put(false);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ ID: ids.spring, to_keep: false });
    expect(await listed('admin', '?deleted=1')).toContain(ids.spring);
    const restored = await put(true);
    expect(restored.json()).toMatchObject({ ID: ids.spring, to_keep: true });
    expect(await listed('admin', '?deleted=1')).not.toContain(ids.spring);
    // Restoring a kept photo changes nothing and writes nothing.
    expect((await put(true)).statusCode).toBe(200);
    const log = await ctx.database.db.select().from(changelog).where(and(eq(changelog.object_type, 'media'), eq(changelog.object_id, ids.spring))).orderBy(changelog.ID);
    expect(log.map((l) => l.action)).toEqual(['delete', 'restore']);
    expect(JSON.parse(log[0].new_value!)).toMatchObject({ ID: ids.spring, to_keep: false });
  });

  it('answers 404 for another facility\'s photo, and writes nothing', async () => {
    expect((await ctx.api(t.manager2, 'PUT', `/media/${ids.summer}`, { to_keep: false })).statusCode).toBe(404);
    expect((await ctx.api(t.manager2, 'GET', `/media/${ids.summer}`)).statusCode).toBe(404);
    expect((await ctx.api(t.manager2, 'GET', `/media/${ids.queens}`)).json()).toMatchObject({ ID: ids.queens });
    const [row] = await ctx.database.db.select().from(media).where(eq(media.ID, ids.summer));
    expect(row.to_keep).toBe(true);
  });

  it('answers 400 for a body that is not { to_keep: boolean }, and refuses coaches', async () => {
    expect((await ctx.api(t.admin, 'PUT', `/media/${ids.summer}`, { to_keep: 'no' })).statusCode).toBe(400);
    expect((await ctx.api(t.admin, 'PUT', `/media/${ids.summer}`, { to_keep: false, extra: 1 })).statusCode).toBe(400);
    expect((await ctx.api(t.coach, 'PUT', `/media/${ids.summer}`, { to_keep: false })).statusCode).toBe(403);
  });
});

describe('POST /media and the files', () => {
  it('stores a photo and its thumbnail, made once, and serves both from the storage', async () => {
    const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3f51b5' } }).png().toBuffer();
    const res = await ctx.as(t.manager, { method: 'POST', url: '/api/media?facility_id=2', ...multipartFile('goal.png', 'image/png', image) });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json() as MediaRow;
    // A manager's photo goes to their own facility whatever they ask.
    expect(row).toMatchObject({ facility_id: 1, to_keep: true, event: null });
    expect(row.s3_url).toMatch(/^\/api\/files\/media\/media-[0-9a-f]{32}\.png$/);
    expect(row.thumbnail).toBe(row.s3_url.replace('.png', '-thumb.jpg'));

    const original = await ctx.app.inject({ method: 'GET', url: row.s3_url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(image)).toBe(true);
    const thumb = await ctx.app.inject({ method: 'GET', url: row.thumbnail });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    // Kept by the storage (here the directory DATA_DIR/files).
    expect(fs.readdirSync(path.join(dataDir, 'files', 'media')).sort()).toEqual([row.s3_url, row.thumbnail].map((u) => path.basename(u)).sort());
    const log = await ctx.database.db.select().from(changelog).where(and(eq(changelog.object_type, 'media'), eq(changelog.object_id, row.ID)));
    expect(log.map((l) => l.action)).toEqual(['create']);
  });

  it('takes the facility of the event, and refuses another facility\'s event', async () => {
    const field = await fieldOf(2);
    const [event] = await ctx.database.db.insert(events).values({
      product_type_id: PRODUCT_TYPE.ADULT_LEAGUE, field_id: field.ID, facility_id: 2, start_date: noon(2025, 8, 1), end_date: noon(2025, 8, 1) + 3600, CreatedAt: 1, UpdatedAt: 1,
    }).returning();
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f44336' } }).jpeg().toBuffer();
    const mine = await ctx.as(t.admin, { method: 'POST', url: `/api/media?event_id=${event.ID}`, ...multipartFile('a.jpg', 'image/jpeg', image) });
    expect(mine.json()).toMatchObject({ facility_id: 2, event: { ID: event.ID, start_date: noon(2025, 8, 1) }, field: { ID: field.ID } });
    const theirs = await ctx.as(t.manager, { method: 'POST', url: `/api/media?event_id=${event.ID}`, ...multipartFile('a.jpg', 'image/jpeg', image) });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses what is not an image, and stores nothing', async () => {
    const before = fs.readdirSync(path.join(dataDir, 'files', 'media')).length;
    for (const bytes of [Buffer.from('hello'), Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really')])]) {
      const res = await ctx.as(t.admin, { method: 'POST', url: '/api/media?facility_id=1', ...multipartFile('x.png', 'image/png', bytes) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The photo must be a JPEG, PNG or WebP image');
    }
    expect(fs.readdirSync(path.join(dataDir, 'files', 'media')).length).toBe(before);
    expect((await ctx.as(t.mod, { method: 'POST', url: '/api/media', ...multipartFile('x.png', 'image/png', Buffer.from('x')) })).statusCode).toBe(403);
  });

  it('answers 404 for a name that is not one it makes or a file that is gone', async () => {
    for (const name of ['media-0123.png', '..%2F..%2Fdb', `media-${'0'.repeat(32)}.png`]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/files/media/${name}` })).statusCode).toBe(404);
    }
  });
});
