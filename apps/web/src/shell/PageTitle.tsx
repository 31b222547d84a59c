import { useEffect } from 'react';
import { useMatches } from 'react-router';

const APP_NAME = 'Games Portal';

export interface RouteHandle {
  /** The spec's route name (Login, Register, AdminLogin, Dashboard, Profile, LoginAPI, WebshopCart). */
  name?: string;
  title?: string;
}

function titleOf(handle: unknown): string | undefined {
  if (handle && typeof handle === 'object' && 'title' in handle && typeof handle.title === 'string') {
    return handle.title;
  }
  return undefined;
}

/** Sets document.title from the deepest matched route that declares a title. */
export function PageTitle() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((match) => titleOf(match.handle))
    .find(Boolean);

  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);

  return null;
}
