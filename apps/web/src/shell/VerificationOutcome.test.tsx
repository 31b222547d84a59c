import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VerificationOutcome } from './VerificationOutcome';

describe('VerificationOutcome', () => {
  it('announces the wait in words, its spinner hidden from screen readers, then the outcome', () => {
    const { rerender } = render(
      <VerificationOutcome
        title="Email Verification"
        pendingText="Verifying your email address…"
        result={null}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Email Verification' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email address…');
    // A progress bar without a name is a serious accessibility failure (axe: aria-progressbar-name).
    expect(screen.queryByRole('progressbar')).toBeNull();

    rerender(
      <VerificationOutcome
        title="Email Verification"
        pendingText="Verifying your email address…"
        result={{ ok: false, text: 'This verification link is invalid.' }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link is invalid.');
    expect(screen.queryByText('Verifying your email address…')).toBeNull();
  });
});
