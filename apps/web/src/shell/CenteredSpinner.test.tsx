import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CenteredSpinner, PAGE_SPINNER_DELAY_MS } from './CenteredSpinner';

/** The page's clock, set by the test: the spinner reads `performance.now()` as it mounts. */
function clockAt(ms: number) {
  vi.spyOn(performance, 'now').mockReturnValue(ms);
}

/** The time a spinner stays hidden after mounting ('' when it shows at once). */
const hiddenFor = (label: string) => screen.getByRole('status', { name: label }).style.animationDelay;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CenteredSpinner', () => {
  it('shows a page spinner only once the page has waited the delay, a section spinner at once', () => {
    clockAt(1_000);
    render(
      <>
        <CenteredSpinner label="Loading the page" />
        <CenteredSpinner size="section" label="Loading the list" />
      </>,
    );
    expect(hiddenFor('Loading the page')).toBe(`${PAGE_SPINNER_DELAY_MS}ms`);
    expect(hiddenFor('Loading the list')).toBe('');
  });

  it('counts the delay from the first of the page spinners that follow one another', () => {
    clockAt(1_000);
    const { rerender } = render(<CenteredSpinner key="router" />);
    clockAt(1_250);
    rerender(<CenteredSpinner key="session" label="Checking your session…" />);
    expect(hiddenFor('Checking your session…')).toBe(`${PAGE_SPINNER_DELAY_MS - 250}ms`);
    clockAt(1_000 + PAGE_SPINNER_DELAY_MS + 1);
    rerender(<CenteredSpinner key="page" label="Loading your profile…" />);
    // The wait is already longer than the delay: the next spinner shows at once.
    expect(hiddenFor('Loading your profile…')).toBe('');
  });

  it('starts a new delay for a wait that begins after the page has shown', () => {
    clockAt(1_000);
    const { unmount } = render(<CenteredSpinner />);
    unmount();
    clockAt(9_000);
    render(<CenteredSpinner label="Loading the player" />);
    expect(hiddenFor('Loading the player')).toBe(`${PAGE_SPINNER_DELAY_MS}ms`);
  });
});
