import { lazy } from 'react';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import type { EntityResource } from '../../src/kit/entity/types';

/** The media gallery (spec 3 §2.18): /media, the field cameras' photos; in the office's menu (issue 41 item 10). */
const media: EntityResource = {
  name: 'media',
  entity: () => import('../../core/api/media').then((m) => m.mediaEntity),
  list: lazy(() => import('./MediaList')),
  icon: PhotoLibraryIcon,
};

export default media;
