import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { forgetStandingToken } from '../lib/standing-token';
import { type StoredAdmin, type StoredUser, storage, subscribe } from '../lib/storage';

interface PlayerSession {
  token: string | null;
  user: StoredUser | null;
  isAuthenticated: boolean;
  role: string;
}

interface AdminSession {
  adminToken: string | null;
  admin: StoredAdmin | null;
  adminAuthenticated: boolean;
}

export interface Session {
  player: PlayerSession;
  admin: AdminSession;
  signInPlayer: (token: string, user: StoredUser) => void;
  signInAdmin: (token: string, admin: StoredAdmin) => void;
  /** Replaces the stored user after a profile update or a game registration. */
  updateUser: (user: StoredUser) => void;
  /** Player logout: the spec clears all local storage. */
  clearSession: () => void;
  /** Admin logout: only the admin's keys, so a player signed in on the same browser stays signed in. */
  clearAdminSession: () => void;
}

const SessionContext = createContext<Session | null>(null);

function readSession(): Pick<Session, 'player' | 'admin'> {
  return {
    player: {
      token: storage.getToken(),
      user: storage.getUser(),
      isAuthenticated: storage.isAuthenticated() && Boolean(storage.getToken()),
      role: storage.getRole(),
    },
    admin: {
      adminToken: storage.getAdminToken(),
      admin: storage.getAdmin(),
      adminAuthenticated: storage.isAdminAuthenticated() && Boolean(storage.getAdminToken()),
    },
  };
}

function storeUser(user: StoredUser): void {
  storage.setUser(user);
  storage.setRole(typeof user.role === 'string' && user.role ? user.role : null);
}

const actions = {
  signInPlayer: (token: string, user: StoredUser) => {
    // A refused sign-in's standing token (lib/standing-token.ts) gives way to the session.
    forgetStandingToken();
    storage.setToken(token);
    storeUser(user);
    storage.setAuthenticated(true);
  },
  signInAdmin: (token: string, admin: StoredAdmin) => {
    storage.setAdminToken(token);
    storage.setAdmin(admin);
    storage.setAdminAuthenticated(true);
  },
  updateUser: storeUser,
  clearSession: () => {
    forgetStandingToken();
    storage.clearAll();
  },
  clearAdminSession: () => {
    storage.setAdminToken(null);
    storage.setAdmin(null);
    storage.setAdminAuthenticated(false);
  },
};

/** A token that was there and is gone or another: its session has ended (sign-out, a refusal, another tab). */
const ended = (before: string | null, now: string | null) => before !== null && before !== now;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(readSession);
  const queryClient = useQueryClient();
  const current = useRef(state);

  useEffect(
    () =>
      subscribe(() => {
        const next = readSession();
        const before = current.current;
        current.current = next;
        // What one session fetched is never shown to the next on a shared browser (most cached answers are
        // keyed by page, not by session): the whole cache goes when a player's or a staff member's session
        // ends, before anything renders with the next one.
        if (
          ended(before.player.token, next.player.token) ||
          ended(before.admin.adminToken, next.admin.adminToken)
        )
          queryClient.clear();
        setState(next);
      }),
    [queryClient],
  );

  const value = useMemo<Session>(() => ({ ...state, ...actions }), [state]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider.');
  return value;
}
