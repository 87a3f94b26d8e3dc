import { Title, useTranslate } from 'react-admin';

/**
 * The frame of a page whose content a later capability builds: its title in the header, nothing
 * else. The route, menu entry and guard are real, so links and reloads already work.
 */
export function PageShell({ title }: { title: string }) {
  const translate = useTranslate();
  return <Title title={translate(title)} />;
}

/** A page component showing only its title, for the route tables of pages still to be built. */
export function shellPage(title: string) {
  const Page = () => <PageShell title={title} />;
  Page.displayName = `PageShell(${title})`;
  return Page;
}
