import {
  type AppealStatus,
  GAME_LABELS,
  type Game,
  SANCTION_CATEGORY_LABELS,
  type SanctionCategory,
  type SanctionScope,
  type SanctionStatus,
} from '@portal/contract';
import { formatDateTime } from '../../lib/format';

const gameName = (game: Game | null) => (game ? GAME_LABELS[game] : 'a game');

/** What a sanction is, in a player's words: its heading on the standing page. */
export function sanctionTitle(scope: SanctionScope, game: Game | null): string {
  switch (scope) {
    case 'account':
      return 'Account ban';
    case 'game':
      return `Ban from ${gameName(game)}`;
    case 'purchases':
      return 'Purchases restricted';
    case 'chat':
      return `Chat restricted in ${gameName(game)}`;
  }
}

/** What a sanction keeps the player from, as a sentence. */
export function sanctionEffect(scope: SanctionScope, game: Game | null): string {
  switch (scope) {
    case 'account':
      return 'You cannot sign in to the portal or play any of our games.';
    case 'game':
      return `You cannot play ${gameName(game)}.`;
    case 'purchases':
      return 'You cannot buy in the webshops.';
    case 'chat':
      return `You cannot use the chat in ${gameName(game)}.`;
  }
}

/** The scope in staff's short words: a table cell, a filter's option. */
export const SCOPE_LABELS: Record<SanctionScope, string> = {
  account: 'Whole account',
  game: 'One game',
  purchases: 'Purchases',
  chat: 'Chat in one game',
};

/** The scope with its game, in a table cell ("One game: Caliber"). */
export const scopeCell = (scope: SanctionScope, game: Game | null) =>
  game ? `${SCOPE_LABELS[scope]}: ${GAME_LABELS[game]}` : SCOPE_LABELS[scope];

export const categoryLabel = (category: SanctionCategory) => SANCTION_CATEGORY_LABELS[category];

export const SANCTION_STATUS_LABELS: Record<SanctionStatus, string> = {
  active: 'In force',
  lifted: 'Lifted',
  expired: 'Ended',
};

export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  open: 'Appeal under review',
  upheld: 'Appeal declined',
  lifted: 'Appeal accepted: sanction lifted',
};

/** A sanction's end: its date and time, or Permanent. */
export const endLabel = (expiresAt: string | null) => (expiresAt ? formatDateTime(expiresAt) : 'Permanent');
