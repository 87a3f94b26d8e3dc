import { randomBytes } from 'node:crypto';
import type { Storage } from './storage';

// Uploaded files are kept in the storage (services/storage: DATA_DIR/files or the S3 bucket) under
// <folder>/<name> with random names (they are served without a session, so a name must not be
// guessable). Only images whose bytes say so are accepted as uploads; the server stores the PDFs it
// makes itself (contract documents).

const SIGNATURES: Array<{ ext: string; test: (b: Buffer) => boolean }> = [
  { ext: 'jpg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The file extension of an image (JPEG, PNG, GIF, WebP) by its first bytes, or null. */
export function imageExtension(bytes: Buffer): string | null {
  return SIGNATURES.find((s) => s.test(bytes))?.ext ?? null;
}

export const MIME_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf' };

/** A safe stored name: what saveFile returns (prefix, dash, 32 hex digits, an optional '-thumb', extension). */
export const STORED_NAME = /^[a-z0-9]+-[0-9a-f]{32}(-thumb)?\.(jpg|png|gif|webp|pdf)$/;

export const mimeOf = (name: string) => MIME_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** A new unguessable name: prefix, dash, 32 hex digits, the extension. */
export const newName = (prefix: string, ext: string) => `${prefix}-${randomBytes(16).toString('hex')}.${ext}`;

export async function saveFile(storage: Storage, folder: string, prefix: string, ext: string, bytes: Buffer): Promise<string> {
  const name = newName(prefix, ext);
  await storage.put(`${folder}/${name}`, bytes, mimeOf(name));
  return name;
}

/** The bytes of a stored file, or null when the name is not one saveFile makes or the file is gone. */
export async function readFile(storage: Storage, folder: string, name: string): Promise<Buffer | null> {
  if (!STORED_NAME.test(name)) return null;
  return storage.get(`${folder}/${name}`);
}

export async function removeFile(storage: Storage, folder: string, name: string): Promise<void> {
  if (STORED_NAME.test(name)) await storage.delete(`${folder}/${name}`);
}
