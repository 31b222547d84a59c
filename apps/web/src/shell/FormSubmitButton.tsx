import Button, { type ButtonProps } from '@mui/material/Button';
import type { RefObject } from 'react';
import { useFormReady } from './typed-values';

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
