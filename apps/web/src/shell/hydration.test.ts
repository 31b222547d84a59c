import { describe, expect, it } from 'vitest';
import { signInAdminInStorage, signInPlayerInStorage } from '../test/render';
import { hydratable, pageData } from './hydration';

describe('hydratable', () => {
  it('hydrates a guest screen for a visitor with nothing stored, in the scheme it was rendered in', () => {
    localStorage.setItem('darkMode', 'false');
    expect(hydratable('light', undefined)).toBe(true);
    expect(hydratable('dark', undefined)).toBe(false);
    localStorage.setItem('darkMode', 'true');
    expect(hydratable('dark', undefined)).toBe(true);
  });

  it('renders a guest screen anew for a signed-in player or staff member (it redirects them)', () => {
    localStorage.setItem('darkMode', 'false');
    signInPlayerInStorage();
    expect(hydratable('light', undefined)).toBe(false);
    localStorage.clear();
    localStorage.setItem('darkMode', 'false');
    signInAdminInStorage();
    expect(hydratable('light', undefined)).toBe(false);
  });

  it('hydrates a player page for a player, not for one of the admin role or with a staff session too', () => {
    localStorage.setItem('darkMode', 'false');
    expect(hydratable('light', 'player')).toBe(false);
    signInPlayerInStorage();
    expect(hydratable('light', 'player')).toBe(true);
    localStorage.setItem('role', 'admin');
    expect(hydratable('light', 'player')).toBe(false);
    localStorage.setItem('role', 'user');
    signInAdminInStorage();
    expect(hydratable('light', 'player')).toBe(false);
  });

  it('renders anew for a chosen accent, and for a page not rendered at all', () => {
    localStorage.setItem('darkMode', 'false');
    localStorage.setItem('accent', 'info');
    expect(hydratable('light', undefined)).toBe(false);
    localStorage.removeItem('accent');
    expect(hydratable(undefined, undefined)).toBe(false);
    expect(hydratable('sepia', undefined)).toBe(false);
  });
});

describe('pageData', () => {
  const documentWith = (text: string) => {
    const doc = document.implementation.createHTMLDocument();
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'portal-data';
    script.textContent = text;
    doc.body.append(script);
    return doc;
  };

  it('takes over the queries the page was rendered with', () => {
    const queries = [{ queryKey: ['catalog'], queryHash: '["catalog"]', state: { data: 1 } }];
    expect(pageData(documentWith(JSON.stringify({ queries, mutations: [] })))).toEqual({
      queries,
      mutations: [],
    });
  });

  it('has none on a page without them or with something else in their place', () => {
    expect(pageData(document.implementation.createHTMLDocument())).toBeUndefined();
    expect(pageData(documentWith('{not json'))).toBeUndefined();
    expect(pageData(documentWith('null'))).toBeUndefined();
    expect(pageData(documentWith('{"queries":"x"}'))).toBeUndefined();
  });
});
