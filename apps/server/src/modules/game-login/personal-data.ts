import { deleteRowsOf, type PersonalData } from '../../lib/personal-data';

const ERASED = ['launcher_codes'] as const;

/** Launcher sign-in: pending codes are deleted; trusted PIN devices stay, unlocking nothing once the PIN is erased. */
export const gameLoginPersonalData: PersonalData = {
  tables: {
    launcher_codes: 'deleted',
    pin_devices: 'kept: random device ids; the PIN they allowed is erased with the game registration',
  },
  erase: (tx, userId) => deleteRowsOf(tx, userId, ERASED),
};
