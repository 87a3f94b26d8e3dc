import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/School';
import type { EntityResource } from '../../src/kit/entity/types';

/**
 * Classes and camps (spec 3 §2.15–2.16): /classes lists them (Create class is a dialog over the list),
 * /classes/{id} shows one (its page: cards, tabs and their dialogs), /classes/{id}/edit edits its form,
 * /classes/create creates one. Their calls are core/api/classes.ts's classEntity (GET /class …).
 */
const classes: EntityResource = {
  name: 'classes',
  entity: () => import('../../core/api/classes').then((m) => m.classEntity),
  list: lazy(() => import('./ClassList')),
  show: lazy(() => import('./ClassShow')),
  edit: lazy(() => import('./ClassEdit')),
  create: lazy(() => import('./ClassCreate')),
  icon: SchoolIcon,
  recordRepresentation: 'name',
};

export default classes;
