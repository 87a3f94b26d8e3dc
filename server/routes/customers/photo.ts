import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customerPhoto, FILE_TOO_BIG, NOT_AN_IMAGE, uploadCustomerPhoto } from '../../../core/api/customers';
import { PROFILE_PHOTO_MAX_BYTES } from '../../../core/constants';
import { customers } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { receiveFile } from '../../http/upload';
import { imageExtension, mimeOf, readFile, removeFile, saveFile } from '../../services/uploads';
import { customerWire, findCustomer } from '../../domain/customers/access';
import { recordCustomerChange } from '../../domain/customers/audit';

// Profile photo (spec 1 §4, §5): POST /customer/{id}/profile-picture takes one image (multipart, the
// browser has already cropped it to 300 px), at most 716800 bytes, else 'File is too big!'. Photos are
// kept in the storage under customers/ and served by GET /files/customers/{name} (no session: <img>
// tags send none; the names are random).

const FOLDER = 'customers';
const PUBLIC_PATH = '/api/files/customers/';

export async function customerPhotoRoutes(app: FastifyInstance) {
  const { db, storage } = app.deps;
  await app.register(multipart, { limits: { files: 1, fileSize: PROFILE_PHOTO_MAX_BYTES, fields: 5 } });

  serve(app, uploadCustomerPhoto, async ({ user, params: { id } }, request) => {
    await findCustomer(db, user, id);
    const { bytes } = await receiveFile(request, {
      notMultipart: 'Send the photo as multipart/form-data',
      missing: 'No file received',
      tooLarge: () => badRequest(FILE_TOO_BIG),
    });
    const ext = imageExtension(bytes);
    if (!ext) throw badRequest(NOT_AN_IMAGE);
    const name = await saveFile(storage, FOLDER, String(id), ext, bytes);
    const { after, previous } = await db.transaction(async (tx) => {
      const before = await findCustomer(tx, user, id);
      const [row] = await tx.update(customers).set({ photo: PUBLIC_PATH + name }).where(eq(customers.ID, id)).returning();
      await recordCustomerChange(tx, user, row, 'update');
      return { after: row, previous: before.photo };
    });
    if (previous?.startsWith(PUBLIC_PATH)) await removeFile(storage, FOLDER, previous.slice(PUBLIC_PATH.length));
    return customerWire(after);
  });

  serve(app, customerPhoto, async ({ params: { name } }, _request, reply) => {
    const bytes = await readFile(storage, FOLDER, name);
    if (!bytes) throw notFound('Photo');
    return reply
      .type(mimeOf(name))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(bytes);
  });
}
