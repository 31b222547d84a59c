import type { AuditEntry } from '@portal/contract';
import type { SheetColumn } from '../../lib/spreadsheet';

/** The audit trail's spreadsheet: one row per staff action, details as their JSON text. */
export const AUDIT_COLUMNS: SheetColumn<AuditEntry>[] = [
  { header: 'When (UTC)', width: 24, value: (e) => e.created_at },
  { header: 'Staff Member', width: 32, value: (e) => e.actor_label ?? e.actor_kind },
  { header: 'Action', width: 28, value: (e) => e.action },
  { header: 'Target', width: 44, value: (e) => e.target ?? '' },
  { header: 'IP', width: 18, value: (e) => e.ip ?? '' },
  { header: 'Details', width: 60, value: (e) => JSON.stringify(e.details) },
];
