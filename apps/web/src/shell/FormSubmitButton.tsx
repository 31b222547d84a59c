import Button, { type ButtonProps } from '@mui/material/Button';
import { type RefObject, useEffect } from 'react';
import { useAppReady } from './app-ready';
import { giveBackTypedValues } from './typed-values';

/**
 * A prerendered form's submit button, busy until the app has taken the form over (`useFormReady`). It reads
 * that itself, so that when the app does, only the button renders again and not the page: that render is
 * synchronous right after hydration, one long task on a phone (decision 0080).
 */
export function FormSubmitButton({
  formRef,
  ...props
}: Omit<ButtonProps, 'type' | 'loading'> & { formRef: RefObject<HTMLFormElement | null> }) {
  const ready = useFormReady(formRef);
  return <Button type="submit" variant="contained" size="large" {...props} loading={!ready} />;
}

/**
 * `useAppReady` for a prerendered form: its submit button waits for it, so nothing is sent before the app can
 * send it; what was typed meanwhile is put back into the form, and a form asked to be sent (Enter) is sent.
 */
function useFormReady(form: RefObject<HTMLFormElement | null>): boolean {
  const ready = useAppReady();
  useEffect(() => {
    if (ready && form.current) giveBackTypedValues(form.current);
  }, [ready, form]);
  return ready;
}
