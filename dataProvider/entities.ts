import type { EntityDeclaration } from '../core/api/entity';

// Where the dataProvider finds each react-admin resource's entity declaration (core/api/entity.ts):
// the app's registry names a loader per resource, so an area's declarations load with the first read
// or write of its resources, not with the app.

export type EntityLoaders = Readonly<Record<string, () => Promise<EntityDeclaration>>>;

/** The declaration of `resource`, loaded once. */
export function entityFinder(loaders: EntityLoaders): (resource: string) => Promise<EntityDeclaration> {
  const loaded = new Map<string, Promise<EntityDeclaration>>();
  return (resource) => {
    const load = loaders[resource];
    if (!load) return Promise.reject(new Error(`No entity declaration for the resource "${resource}": its registry entry names none`));
    let declaration = loaded.get(resource);
    if (!declaration) loaded.set(resource, (declaration = load()));
    return declaration;
  };
}
