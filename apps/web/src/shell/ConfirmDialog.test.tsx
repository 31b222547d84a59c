import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type ConfirmAction, type Confirmation, ConfirmDialog } from './ConfirmDialog';

const removal = (onConfirm: () => void): Confirmation => ({
  title: 'Remove this passkey?',
  text: 'You can no longer sign in with it.',
  confirm: 'Remove',
  onConfirm,
});

describe('ConfirmDialog', () => {
  it('asks with Cancel focused; Confirm runs the action and closes at once', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog confirmation={removal(onConfirm)} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog).toHaveTextContent('You can no longer sign in with it.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('Cancel and Escape close without the action', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog confirmation={removal(onConfirm)} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows nothing without a confirmation', () => {
    render(<ConfirmDialog confirmation={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with an action: stays open, waits while pending (no Escape), then shows why it failed', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const shown = (action: ConfirmAction) => (
      <ConfirmDialog
        confirmation={{ ...removal(onConfirm), color: 'primary' }}
        onClose={onClose}
        action={action}
      />
    );
    const { rerender } = render(shown({ pending: false, pendingLabel: 'Removing…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();

    rerender(shown({ pending: true, pendingLabel: 'Removing…' }));
    expect(screen.getByRole('button', { name: 'Removing…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    rerender(
      shown({ pending: false, pendingLabel: 'Removing…', error: 'The passkey could not be removed.' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The passkey could not be removed.');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled();
  });

  it('with fields to fill in, Confirm submits them and the caller decides', async () => {
    function WithReason({ onReason }: { onReason: (reason: string) => void }) {
      const [reason, setReason] = useState('');
      return (
        <ConfirmDialog
          confirmation={{ ...removal(() => reason.trim() && onReason(reason)), color: 'warning' }}
          onClose={() => {}}
          action={{ pending: false }}
        >
          <label>
            Reason
            <input value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
        </ConfirmDialog>
      );
    }
    const onReason = vi.fn();
    render(<WithReason onReason={onReason} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onReason).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Reason'), 'Lost phone{Enter}');
    expect(onReason).toHaveBeenCalledWith('Lost phone');
  });
});
