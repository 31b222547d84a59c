import type { PersonalData } from '../../lib/personal-data';
import { endPlayerGrants } from './grants';

/**
 * The OpenID Provider's storage: the player's grants, codes, tokens and browser sessions are deleted, as when
 * all their portal sessions end. The apps and the signing keys are the portal's own.
 */
export const oidcPersonalData: PersonalData = {
  tables: {
    oidc_models:
      "the player's grants, codes, tokens and browser sessions deleted; a sign-in in progress keeps the " +
      "player's id in its payload until it expires, within the hour",
  },
  nothingPersonal: {
    oidc_clients: 'the apps staff register',
    oidc_signing_keys: "the provider's signing keys",
  },
  erase: (tx, userId) => endPlayerGrants(tx, userId),
};
