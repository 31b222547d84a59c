import { CHALLENGE_MESSAGES } from '@portal/contract/constants';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChallengeStatus } from './ChallengeStatus';

/** A check the test starts and ends, as lib/proof-of-work.ts does around a solve. */
function fakeCheck() {
  let checking = false;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isChecking: () => checking,
    set(value: boolean) {
      checking = value;
      act(() => {
        for (const listener of listeners) listener();
      });
    },
  };
}

const liveRegion = () => document.querySelector('[aria-live="polite"]');

describe('ChallengeStatus', () => {
  it('shows the check under the form that was sent, announces it once, and leaves nothing behind', async () => {
    const check = fakeCheck();
    render(
      <>
        <form aria-label="Other" />
        <form aria-label="Sign in" onSubmit={(event) => event.preventDefault()}>
          <button type="submit">Sign in</button>
        </form>
        <ChallengeStatus status={check} />
      </>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    check.set(true);
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(within(form).getByTestId('challenge-note')).toHaveTextContent(CHALLENGE_MESSAGES.checking);
    expect(within(form).getByTestId('challenge-note')).toHaveAttribute('aria-hidden', 'true');
    expect(within(screen.getByRole('form', { name: 'Other' })).queryByTestId('challenge-note')).toBeNull();
    // Screen readers hear it from the live region, which is not drawn as a banner as well.
    expect(liveRegion()).toHaveTextContent(CHALLENGE_MESSAGES.checking);
    expect(getComputedStyle(liveRegion()!).position).toBe('absolute');

    check.set(false);
    expect(screen.queryByTestId('challenge-note')).toBeNull();
    expect(form.childElementCount).toBe(1);
    expect(liveRegion()).toHaveTextContent('');
  });

  it('shows a banner when no form was sent', () => {
    const check = fakeCheck();
    render(<ChallengeStatus status={check} />);
    expect(getComputedStyle(liveRegion()!).position).toBe('absolute');
    check.set(true);
    expect(liveRegion()).toHaveTextContent(CHALLENGE_MESSAGES.checking);
    expect(getComputedStyle(liveRegion()!).position).toBe('fixed');
    expect(screen.queryByTestId('challenge-note')).toBeNull();
  });
});
