import { gameName } from '@portal/contract';

/** One line of an entry's details: what it is, and its value in words. */
export type DetailField = { key: string; label: string; value: string };

/** Labels that sentence case alone would get wrong. */
const LABELS: Record<string, string> = { url: 'URL', ip: 'IP address', txnid: 'Order', mfa: 'Two-step' };

/**
 * Ids of rows the staff never see (the player, staff member, invitation or delivery the Target column
 * already names, an event's id): left out, so the details read as what was done, not as database keys.
 */
const isInternalId = (key: string) => key === 'id' || /(Id|_id)$/.test(key);

/** 'secretCreated' / 'secret_created' → 'Secret created'. */
export function detailLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function detailValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') return key === 'game' ? gameName(value) : value;
  if (Array.isArray(value))
    return value.length === 0 ? '—' : value.map((item) => detailValue(key, item)).join(', ');
  return detailFields(value as Record<string, unknown>)
    .map((field) => `${field.label}: ${field.value}`)
    .join('; ');
}

/**
 * An entry's details as labelled fields, internal ids left out, in the order of their labels: the stored
 * order is the database's (jsonb keeps keys shortest first), which means nothing to a reader.
 */
export function detailFields(details: Record<string, unknown>): DetailField[] {
  return Object.entries(details)
    .filter(([key]) => !isInternalId(key))
    .map(([key, value]) => ({ key, label: detailLabel(key), value: detailValue(key, value) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}
