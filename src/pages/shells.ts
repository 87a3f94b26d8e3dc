import { shellPage } from '../components/PageShell';
import type { PageKey, PageRoute } from './pageRoute';

// Routes of the spec's route tables whose pages later capabilities build. Each shows its title behind
// its real guard, so the menu, deep links and reloads work today. A capability that builds one of
// these pages deletes its line here and exports the route from its own folder (see ./index.ts).

const shell = (path: string, page: PageKey, title: string): PageRoute => ({ path, page, component: shellPage(title) });

export const shellRoutes: PageRoute[] = [
  shell('/classes', 'page:classes', 'page.classes'),
  shell('/classes/:id', 'page:classes', 'page.class'),
  shell('/media', 'page:media', 'page.media'),
  shell('/eplayer', 'page:eplayer', 'page.eplayer'),
];
