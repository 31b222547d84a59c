import { type FieldPath, type FieldValues, get, type UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts the field-keyed messages of a 422 under the form's fields of the same name (the first message of
 * each, as the spec's clients show it) and focuses the first. True when the call failed with a 422 and every
 * message found its field; otherwise the page shows the failure its own way.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
): boolean {
  if (!(error instanceof ApiError) || !error.body.errors) return false;
  const values = form.getValues();
  let placed = 0;
  let missed = 0;
  for (const [name, messages] of Object.entries(error.body.errors)) {
    const message = messages[0];
    if (message === undefined) continue;
    if (get(values, name) === undefined) {
      missed += 1;
      continue;
    }
    form.setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed > 0 && missed === 0;
}
