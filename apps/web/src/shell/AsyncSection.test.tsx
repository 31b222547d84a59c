import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { renderWithQueryClient } from '../test/render';
import { AsyncSection } from './AsyncSection';

/** A section over a real query whose answers the test hands out one at a time. */
function renderSection(answers: (() => Promise<string[]>)[], empty?: string) {
  let calls = 0;
  function Section() {
    const query = useQuery({
      queryKey: ['async-section'],
      queryFn: () => {
        const answer = answers[Math.min(calls, answers.length - 1)]!;
        calls += 1;
        return answer();
      },
    });
    return (
      <AsyncSection query={query} what="the fruit" empty={empty}>
        {(fruit) => (
          <ul>
            {fruit.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </AsyncSection>
    );
  }
  renderWithQueryClient(<Section />);
  return { calls: () => calls };
}

const never = () => new Promise<string[]>(() => {});

describe('AsyncSection', () => {
  it('shows a named skeleton while the first answer is on its way', () => {
    renderSection([never]);
    expect(screen.getByRole('status', { name: 'Loading the fruit' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('renders the content with the data', async () => {
    renderSection([async () => ['apple', 'pear']]);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the given empty text for an empty list', async () => {
    renderSection([async () => []], 'No fruit yet.');
    expect(await screen.findByText('No fruit yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders the content for an empty list when no empty text is given', async () => {
    renderSection([async () => []]);
    expect(await screen.findByRole('list')).toBeEmptyDOMElement();
  });

  it("says what failed with the server's reason, and Try again fetches once more", async () => {
    const { calls } = renderSection([
      async () => {
        throw new ApiError(500, { message: 'Something went wrong.', code: 'INTERNAL_ERROR' });
      },
      async () => ['apple'],
    ]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The fruit could not be loaded.')).toBeInTheDocument();
    expect(within(alert).getByText('Something went wrong.')).toBeInTheDocument();
    expect(calls()).toBe(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('apple');
    expect(calls()).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says only what failed when there is no answer from the server', async () => {
    renderSection([
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^The fruit could not be loaded\.Try again$/);
  });
});
