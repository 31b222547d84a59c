import { AUDIT_ACTION_LABELS, auditActionLabel, SECURITY_EVENT_LABELS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { eventLabel } from './labels';

describe('security event labels', () => {
  it('come from the one map in the contract, and a kind it does not know reads as plain activity', () => {
    expect(eventLabel('passkey_added')).toBe(SECURITY_EVENT_LABELS.passkey_added);
    expect(eventLabel('two_step_disabled')).toBe('Two-step verification turned off');
    expect(eventLabel('a_kind_from_a_newer_server')).toBe('Other account activity');
  });

  it("word a staff member's own security changes in the audit trail as the Security page does", () => {
    expect(auditActionLabel('staff.two_step_on')).toBe(eventLabel('two_step_enabled'));
    expect(auditActionLabel('staff.two_step_off')).toBe(eventLabel('two_step_disabled'));
    expect(auditActionLabel('staff.session_revoked')).toBe(eventLabel('session_revoked'));
    expect(auditActionLabel('staff.other_sessions_revoked')).toBe(eventLabel('other_sessions_revoked'));
    expect(auditActionLabel('staff.recovery_codes_renewed')).toBe(eventLabel('recovery_codes_renewed'));
    expect(AUDIT_ACTION_LABELS['staff.passkey_removed']).toBe('Passkey removed');
  });
});
