import { analyticsEndpoints } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NO_REPLY } from '../../lib/api';
import { jsonResponse } from '../../test/render';
import { useCount, useReport } from './api';

let reply: unknown;
let urls: string[];
beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return jsonResponse(reply);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);
const range = { fromDate: '2026-11-01', toDate: '2026-11-02' };

describe('analytics reports', () => {
  it('asks with the range and the extra query, and hands over the reply its schema reads', async () => {
    reply = [{ time: '00:00', ccu: 3 }];
    const { result } = renderHook(
      () => useReport(analyticsEndpoints.ccuToday, undefined, range, { game: 'yggdra' }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(urls).toEqual(['/api/getCCUDataToday?game=yggdra&fromDate=2026-11-01&toDate=2026-11-02']);
    expect(result.current.data).toEqual([{ time: '00:00', ccu: 3 }]);
  });

  it('a reply that does not match its schema is an error (NO_REPLY), not data', async () => {
    // The count as a string, as a drifted server might send it.
    reply = [{ time: '00:00', ccu: '3' }];
    const { result } = renderHook(() => useReport(analyticsEndpoints.ccuToday, undefined, null), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(urls).toEqual(['/api/getCCUDataToday']);
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ code: NO_REPLY });
    expect(result.current.data).toBeUndefined();
  });

  it('a count card reads its named number, and 0 when the reply does not match', async () => {
    reply = { total_caliber_registrations_today: 7 };
    const today = renderHook(
      () => useCount('caliberRegistrationsToday', 'total_caliber_registrations_today'),
      { wrapper },
    );
    await waitFor(() => expect(today.result.current).toBe(7));

    reply = { total_caliber_registrations: 'many' };
    const client = new QueryClient();
    const total = renderHook(() => useCount('caliberTotalRegistrations', 'total_caliber_registrations'), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    await waitFor(() =>
      expect(client.getQueryCache().getAll()[0]?.state.error).toMatchObject({
        code: NO_REPLY,
      }),
    );
    expect(total.result.current).toBe(0);
  });
});
