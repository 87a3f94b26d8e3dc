import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../client';
import { events, facilities, fields, media, productTypes } from '../schema';

// The demo's photos (issue 28 item 1): every media row the demo seeds gets a real small image, drawn
// here (a field with a band in the event's colour, with the facility, field, product type and date written on it)
// and its thumbnail, kept where the server keeps files (its storage: DATA_DIR/files or the bucket).

/** Where the files go: the server's storage (server/services/storage) or anything that stores by key. */
export interface FileSink {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
}

const WIDTH = 640;
// 4:3, as the thumbnails (320 × 240), so a thumbnail shows the whole picture.
const HEIGHT = 480;
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function picture(color: string, lines: string[]): string {
  const text = lines.map((line, i) =>
    `<text x="32" y="${HEIGHT - 100 + i * 34}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${i ? 22 : 28}" fill="#fff" stroke="#000" stroke-width="0.6">${escapeXml(line)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" fill="#2e7d32"/>
    <rect x="20" y="20" width="${WIDTH - 40}" height="${HEIGHT - 40}" fill="none" stroke="#fff" stroke-width="4"/>
    <line x1="${WIDTH / 2}" y1="20" x2="${WIDTH / 2}" y2="${HEIGHT - 20}" stroke="#fff" stroke-width="4"/>
    <circle cx="${WIDTH / 2}" cy="${HEIGHT / 2}" r="60" fill="none" stroke="#fff" stroke-width="4"/>
    <rect x="20" y="${HEIGHT / 2 - 80}" width="90" height="160" fill="none" stroke="#fff" stroke-width="4"/>
    <rect x="${WIDTH - 110}" y="${HEIGHT / 2 - 80}" width="90" height="160" fill="none" stroke="#fff" stroke-width="4"/>
    <circle cx="${WIDTH / 2 + 90}" cy="${HEIGHT / 2 - 40}" r="18" fill="#fff" stroke="#000" stroke-width="2"/>
    <rect x="0" y="${HEIGHT - 140}" width="100%" height="140" fill="#000" fill-opacity="0.6"/>
    <rect x="0" y="${HEIGHT - 140}" width="100%" height="10" fill="${color}"/>
    ${text}
  </svg>`;
}

const keyOf = (url: string) => `media/${url.slice(url.lastIndexOf('/') + 1)}`;

/** Draws and stores the image and thumbnail of every media row; answers how many. */
export async function seedMediaFiles(db: Db, sink: FileSink): Promise<number> {
  const rows = await db.select({
    s3_url: media.s3_url, thumbnail: media.thumbnail, facility: facilities.name, time_zone: facilities.time_zone,
    field: fields.name, start: events.start_date, type: productTypes.name, color: productTypes.color,
  }).from(media)
    .innerJoin(facilities, eq(facilities.ID, media.facility_id))
    .leftJoin(fields, eq(fields.ID, media.field_id))
    .leftJoin(events, eq(events.ID, media.event_id))
    .leftJoin(productTypes, eq(productTypes.ID, events.product_type_id));
  const draw = async (row: (typeof rows)[number]) => {
    const when = row.start ? new Date(row.start * 1000).toLocaleString('en-US', { timeZone: row.time_zone, dateStyle: 'medium', timeStyle: 'short' }) : '';
    const image = sharp(Buffer.from(picture(row.color ?? '#3f51b5', [row.type ?? 'Photo', `${row.facility} · ${row.field ?? ''}`, when])));
    const [full, thumb] = await Promise.all([
      // Not a palette PNG: quantising took 3.6 s of CPU for the demo's 54 on the first start (issue 42
      // item 3) to save 10 kB a picture.
      image.clone().png({ compressionLevel: 6 }).toBuffer(),
      image.clone().resize({ width: 320, height: 240, fit: 'cover' }).jpeg({ quality: 75 }).toBuffer(),
    ]);
    await sink.put(keyOf(row.s3_url), full, 'image/png');
    await sink.put(keyOf(row.thumbnail), thumb, 'image/jpeg');
  };
  // A few at a time: sharp works in its own threads, the store may be a bucket over the network.
  for (let i = 0; i < rows.length; i += 4) await Promise.all(rows.slice(i, i + 4).map(draw));
  return rows.length;
}
