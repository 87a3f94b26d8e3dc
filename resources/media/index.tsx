import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

/** The media gallery (spec 3 §2.18): /media, the field cameras' photos; no menu entry (spec 1 §2). */
const media: ResourceProps = {
  name: 'media',
  list: lazy(() => import('./MediaList')),
};

export default media;
