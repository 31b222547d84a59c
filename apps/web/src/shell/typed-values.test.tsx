import { act, screen } from '@testing-library/react';
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { FormSubmitButton } from './FormSubmitButton';
import { keepTypedValues } from './typed-values';

/** The app's sign-in form, uncontrolled as the login page's. */
function SignInForm() {
  const form = useRef<HTMLFormElement>(null);
  return (
    <form ref={form} aria-label="Sign in" onSubmit={(event) => event.preventDefault()}>
      <input name="email" aria-label="Email" />
      <FormSubmitButton formRef={form}>Continue</FormSubmitButton>
    </form>
  );
}

/** A form of the app the server never drew, whose button waits for the app too. */
function OtherForm() {
  const form = useRef<HTMLFormElement>(null);
  return (
    <form ref={form} aria-label="Change password" onSubmit={(event) => event.preventDefault()}>
      <input name="password" aria-label="New password" />
      <FormSubmitButton formRef={form}>Save</FormSubmitButton>
    </form>
  );
}

describe('what is typed into a page sent drawn', () => {
  it('is given back to every form that takes the page over until the form is sent', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<form aria-label="Sign in"><input name="email"></form>';
    document.body.append(container);
    container.querySelector('input')!.value = 'early@example.test';
    keepTypedValues(container);

    const root = createRoot(container);
    await act(async () => root.render(<SignInForm />));
    expect(screen.getByLabelText('Email')).toHaveValue('early@example.test');

    // Replaced at once by another of its name (its page rendered again).
    await act(async () => root.render(<p>Loading</p>));
    await act(async () => root.render(<SignInForm />));
    expect(screen.getByLabelText('Email')).toHaveValue('early@example.test');

    // What is typed into the app's other forms meanwhile is not kept: no such form is given anything back.
    await act(async () => root.render(<OtherForm />));
    const other = screen.getByLabelText('New password');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(other, 'Secret-2026');
      other.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => root.render(<p>Loading</p>));
    await act(async () => root.render(<OtherForm />));
    expect(screen.getByLabelText('New password')).toHaveValue('');
    await act(async () => root.render(<SignInForm />));

    // Once sent, a later form starts empty.
    await act(async () => screen.getByRole('button', { name: 'Continue' }).click());
    await act(async () => root.render(<p>Loading</p>));
    await act(async () => root.render(<SignInForm />));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    act(() => root.unmount());
    container.remove();
  });
});
