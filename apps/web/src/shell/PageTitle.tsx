import { useEffect } from 'react';
import { useMatches } from 'react-router';

const APP_NAME = 'Games Portal';

function titleOf(handle: unknown): string | undefined {
  if (handle && typeof handle === 'object' && 'title' in handle && typeof handle.title === 'string') {
    return handle.title;
  }
  return undefined;
}

/**
 * The document title for the matched routes: the deepest route that declares a title (a page's declaration,
 * shell/pages.ts), and the portal's name.
 */
export function documentTitle(matches: readonly { handle?: unknown }[]): string {
  const title = [...matches]
    .reverse()
    .map((match) => titleOf(match.handle))
    .find(Boolean);
  return title ? `${title} | ${APP_NAME}` : APP_NAME;
}

/** Sets document.title from the deepest matched route that declares a title. */
export function PageTitle() {
  const title = documentTitle(useMatches());

  useEffect(() => {
    document.title = title;
  }, [title]);

  return null;
}
