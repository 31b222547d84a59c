import { clearFailures } from '../../lib/lockout';
import { deleteRowsOf, type PersonalData } from '../../lib/personal-data';

const ERASED = ['launcher_codes', 'pin_devices'] as const;

/**
 * Launcher sign-in: pending codes and remembered PIN devices are deleted (a device id tied to a player is
 * personal data, and the launcher may remember one again during the 7 days before the erasure), and so is
 * the count of wrong PINs, keyed by the player's id.
 */
export const gameLoginPersonalData: PersonalData = {
  tables: {
    launcher_codes: 'deleted',
    pin_devices: 'deleted',
  },
  async erase(tx, userId) {
    await deleteRowsOf(tx, userId, ERASED);
    await clearFailures(tx, 'pin', userId);
  },
};
