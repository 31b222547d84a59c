import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubWindowWidth } from '../test/render';
import { Layout } from './Layout';

/** Renders the layout around a page whose one request is held until the returned `answer` is called. */
function renderPageWithHeldRequest() {
  let answer = () => {};
  const held = new Promise<string>((resolve) => {
    answer = () => resolve('answered');
  });
  function Page() {
    const { data } = useQuery({ queryKey: ['held'], queryFn: () => held });
    return <p>{data ?? 'Loading the page'}</p>;
  }
  renderRoutes(
    [{ path: '/', element: <Layout />, children: [{ path: 'page', element: <Page /> }] }],
    '/page',
  );
  return { answer };
}

const sideNavPanel = () => screen.queryByTestId('sidenav');

describe('Layout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("on a phone fetches the side navigation only once the page's request has answered", async () => {
    stubWindowWidth(390);
    // Its module loaded beforehand, so had the layout asked for it, it would be drawn once React's queue ran.
    await import('./SideNav');
    const { answer } = renderPageWithHeldRequest();
    expect(await screen.findByText('Loading the page')).toBeInTheDocument();
    await act(async () => {});
    expect(sideNavPanel()).toBeNull();
    answer();
    expect(await screen.findByText('answered')).toBeInTheDocument();
    expect(await screen.findByTestId('sidenav')).toBeInTheDocument();
  });

  it('on a phone opens the navigation at once when the menu is pressed, the page still waiting', async () => {
    stubWindowWidth(390);
    renderPageWithHeldRequest();
    // By test id: which of the two menu buttons shows is CSS media queries, which jsdom does not apply.
    fireEvent.click(await screen.findByTestId('sidenav-drawer-toggle'));
    expect(await screen.findByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
  });

  it('on a laptop shows the side navigation while the page still waits', async () => {
    stubWindowWidth(1366);
    renderPageWithHeldRequest();
    expect(await screen.findByTestId('sidenav')).toBeInTheDocument();
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
  });
});
