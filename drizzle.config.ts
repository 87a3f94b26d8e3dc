import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes the product's next migration (server/db/schema → server/db/migrations);
// `ENTITY=<name> npm run db:generate` an entity folder's (resources/<name>/table.ts → its migrations/,
// which the server runs after the product's: server/db/entityFolders.ts).
const entity = process.env.ENTITY;

export default defineConfig(entity
  ? { dialect: 'postgresql', schema: `./resources/${entity}/table.ts`, out: `./resources/${entity}/migrations` }
  : { dialect: 'postgresql', schema: './server/db/schema/index.ts', out: './server/db/migrations' });
