import type { PersonalData } from '../../lib/personal-data';

/** The audit trail names who acted; an erasure is itself one of its entries. */
export const auditPersonalData: PersonalData = {
  tables: { audit_log: 'kept: the trail of staff and system actions, the erasure included' },
};
