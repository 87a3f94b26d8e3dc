import { createHash } from 'node:crypto';
import { fillPath } from '../../../core/api/endpoint';
import { background } from '../../../core/api/scoreboards';
import { badRequest } from '../../http/errors';
import type { Storage } from '../storage';

// Scoreboard backgrounds: PNG, JPEG or WebP images kept in the storage under scoreboards/, named by
// their content's hash (so a URL never changes meaning and can be cached for ever), and served at
// GET /api/scoreboard/background/{name} to the boards, which are devices without a staff session.

export const MAX_BACKGROUND_BYTES = 5 * 1024 * 1024;

const TYPES = {
  png: { mime: 'image/png', magic: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  jpg: { mime: 'image/jpeg', magic: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  webp: { mime: 'image/webp', magic: (b: Buffer) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP' },
} as const;
type Extension = keyof typeof TYPES;

export const NOT_AN_IMAGE = 'The background must be a PNG, JPEG or WebP image';
export const TOO_LARGE = `The background image is too large (${MAX_BACKGROUND_BYTES / 1024 / 1024} MB at most)`;

/** A stored background's file name: 32 hex digits and an extension, nothing that walks out of the folder. */
const NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** The image's kind, from its declared type and its first bytes, which must agree; else 400. */
function imageKind(mime: string, bytes: Buffer): Extension {
  const kind = (Object.keys(TYPES) as Extension[]).find((ext) => TYPES[ext].mime === mime);
  if (!kind || !TYPES[kind].magic(bytes)) throw badRequest(NOT_AN_IMAGE);
  return kind;
}

/** Checks and stores an uploaded image; answers the URL it is served at. */
export async function saveBackground(storage: Storage, mime: string, bytes: Buffer): Promise<string> {
  const kind = imageKind(mime, bytes);
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${kind}`;
  await storage.put(`scoreboards/${name}`, bytes, TYPES[kind].mime);
  return fillPath(background, { name });
}

/** A stored background and its type, or null when the name is not one. */
export async function readBackground(storage: Storage, name: string): Promise<{ mime: string; bytes: Buffer } | null> {
  if (!NAME.test(name)) return null;
  const bytes = await storage.get(`scoreboards/${name}`);
  return bytes && { mime: TYPES[name.split('.').pop() as Extension].mime, bytes };
}
