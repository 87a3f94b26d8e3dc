import type { Readable } from 'node:stream';

// One interface for every file the product keeps (customer photos, scoreboard backgrounds, contract
// PDFs, media and their thumbnails): the local directory DATA_DIR/files (the embedded default) or an
// S3-compatible bucket (S3_BUCKET), so several server processes see the same files. A key is a path of
// lowercase segments ('customers/12-0a1b….png'); nothing in it walks out of the store.

export interface Storage {
  /** 'disk' or 's3', for the start banner and tests. */
  readonly kind: 'disk' | 's3';
  /** Stores bytes under a key, replacing what was there; a reader never sees half a file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under a key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes under a key as a stream and their length, or null when there are none. */
  stream(key: string): Promise<{ body: Readable; length: number } | null>;
  /** Removes a key; removing a missing key is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** A storage key: '/'-separated segments of letters, digits, '.', '_' and '-', none of them '.' or '..'. */
const KEY = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Throws on a key that is not one (a programming error: routes check names before they build keys). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 512) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}
