import type { FastifyInstance } from 'fastify';
import type { EndpointDefinition } from '../../core/api/endpoint';
import { ENTITY_VERBS } from '../../core/api/entity';
import { declareRules } from '../../core/permissions';
import { entityFolders } from '../db/entityFolders';
import { crud } from '../http/crud';
import { audited } from '../services/changelog';

// The entities added as a folder (resources/<name>/, README "Adding an entity"), found by the database
// layer (server/db/entityFolders.ts): each one's rules join the role matrix, and its five calls are
// served by the crud helper on its table (role checks, validation, facility wall, paging, money in
// cents, the row's version as ETag), its changes kept in the changelog under its resource's name.

export async function entityFolderRoutes(app: FastifyInstance) {
  for (const { declaration, table } of await entityFolders()) {
    declareRules(declaration.resource, declaration.rules);
    crud(app, {
      api: declaration,
      table,
      searchable: declaration.searchable,
      money: declaration.money,
      versioned: true,
      onChange: audited(declaration.resource),
    });
  }
}

/** The declared calls of the entity folders (GET /api/openapi.json lists them with the others). */
export const entityFolderEndpoints = async (): Promise<EndpointDefinition[]> =>
  (await entityFolders()).flatMap(({ declaration }) => ENTITY_VERBS.map((verb) => declaration[verb]));
