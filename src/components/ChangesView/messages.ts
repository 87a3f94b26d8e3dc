// The 'Changes' view (spec 1 §3): the changelog of a record.

export const en = {
  changes: {
    title: 'Changes',
    none: 'No changes recorded yet',
    by: '%{who}, %{when}',
    system: 'System',
    actions: { create: 'Created', update: 'Updated', delete: 'Deleted' },
  },
};

export const es: typeof en = {
  changes: {
    title: 'Cambios',
    none: 'Aún no hay cambios registrados',
    by: '%{who}, %{when}',
    system: 'Sistema',
    actions: { create: 'Creado', update: 'Actualizado', delete: 'Eliminado' },
  },
};
