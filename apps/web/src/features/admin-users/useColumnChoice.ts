import { useState } from 'react';
import { storage } from '../../lib/storage';

export interface ColumnChoice {
  /** The headers shown, in the table's order; never empty. */
  shown: string[];
  isShown: (header: string) => boolean;
  /** Shows or hides a column; hiding the last shown one is refused. */
  toggle: (header: string) => void;
  /** Back to every column the table defines (the spec's columns). */
  reset: () => void;
}

/** The headers left to show once `hidden` are taken away: every one when nothing would be left. */
function shownHeaders(headers: readonly string[], hidden: readonly string[]): string[] {
  const shown = headers.filter((header) => !hidden.includes(header));
  return shown.length > 0 ? shown : [...headers];
}

/**
 * Which columns of the admin table `table` the signed-in admin shows, kept in local storage per admin and per
 * table, so two staff sharing a browser each keep their own choice.
 */
export function useColumnChoice(table: string, headers: readonly string[]): ColumnChoice {
  const adminId = String(storage.getAdmin()?.id ?? '');
  const [hidden, setHidden] = useState(() => storage.getHiddenColumns(adminId, table));
  const shown = shownHeaders(headers, hidden);

  const keep = (next: string[]) => {
    setHidden(next);
    storage.setHiddenColumns(adminId, table, next);
  };
  return {
    shown,
    isShown: (header) => shown.includes(header),
    toggle: (header) => {
      if (!shown.includes(header)) keep(hidden.filter((h) => h !== header));
      else if (shown.length > 1) keep(headers.filter((h) => !shown.includes(h) || h === header));
    },
    reset: () => keep([]),
  };
}
