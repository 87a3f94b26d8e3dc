import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createStorage, type Storage } from '../../server/services/storage';
import { diskStorage } from '../../server/services/storage/disk';
import { s3Storage } from '../../server/services/storage/s3';
import { startS3 } from './support/s3';

// One suite, two stores (issue 28 item 2): the local directory and an S3-compatible server (s3rver,
// started here on a port of its own) answer the same calls the same way.

interface Store { storage: Storage; close(): Promise<void> }

const stores: Record<'disk' | 's3', () => Promise<Store>> = {
  async disk() {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'touchline-disk-'));
    return { storage: diskStorage(root), close: () => fs.rm(root, { recursive: true, force: true }) };
  },
  async s3() {
    const s3 = await startS3();
    return { storage: s3Storage({ bucket: s3.bucket, endpoint: s3.endpoint }, s3.client()), close: () => s3.close() };
  },
};

for (const [kind, open] of Object.entries(stores)) {
  describe(`storage on ${kind}`, () => {
    let store: Store;
    beforeAll(async () => { store = await open(); });
    afterAll(async () => { await store?.close(); });

    it('keeps bytes under a key and answers them byte for byte', async () => {
      const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
      await store.storage.put('media/3/a-0123.png', bytes, 'image/png');
      expect(await store.storage.exists('media/3/a-0123.png')).toBe(true);
      expect((await store.storage.get('media/3/a-0123.png'))!.equals(bytes)).toBe(true);
      const streamed = await store.storage.stream('media/3/a-0123.png');
      expect(streamed!.length).toBe(bytes.length);
      const chunks: Buffer[] = [];
      for await (const chunk of streamed!.body) chunks.push(Buffer.from(chunk));
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    });

    it('replaces what a key held', async () => {
      await store.storage.put('contracts/x.pdf', Buffer.from('first'), 'application/pdf');
      await store.storage.put('contracts/x.pdf', Buffer.from('second'), 'application/pdf');
      expect((await store.storage.get('contracts/x.pdf'))!.toString()).toBe('second');
      expect(await text((await store.storage.stream('contracts/x.pdf'))!.body)).toBe('second');
    });

    it('answers null or false for a missing key, and deleting one is no error', async () => {
      expect(await store.storage.get('customers/none.png')).toBeNull();
      expect(await store.storage.stream('customers/none.png')).toBeNull();
      expect(await store.storage.exists('customers/none.png')).toBe(false);
      await expect(store.storage.delete('customers/none.png')).resolves.toBeUndefined();
    });

    it('deletes a key', async () => {
      await store.storage.put('scoreboards/b.png', Buffer.from('x'), 'image/png');
      await store.storage.delete('scoreboards/b.png');
      expect(await store.storage.exists('scoreboards/b.png')).toBe(false);
      expect(await store.storage.get('scoreboards/b.png')).toBeNull();
    });

    it('refuses a key that walks out of the store', async () => {
      for (const key of ['../etc/passwd', 'media/../../x', '/abs', 'a//b', 'media/.', '']) {
        await expect(store.storage.get(key)).rejects.toThrow('Not a storage key');
        await expect(store.storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Not a storage key');
      }
    });
  });
}

describe('the configuration chooses the store', () => {
  it('is the directory DATA_DIR/files by default and S3 with S3_BUCKET', () => {
    expect(createStorage(loadConfig({ DATA_DIR: '/tmp/x' })).kind).toBe('disk');
    expect(createStorage(loadConfig({ DATA_DIR: '/tmp/x', S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000' })).kind).toBe('s3');
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('S3_ENDPOINT: needs S3_BUCKET');
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket' })).toThrow('S3_BUCKET: must be an S3 bucket name');
  });
});
