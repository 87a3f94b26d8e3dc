import { lazy } from 'react';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import type { ResourceProps } from 'react-admin';

/** The media gallery (spec 3 §2.18): /media, the field cameras' photos; no menu entry (spec 1 §2). */
const media: ResourceProps = {
  name: 'media',
  list: lazy(() => import('./MediaList')),
  icon: PhotoLibraryIcon,
};

export default media;
