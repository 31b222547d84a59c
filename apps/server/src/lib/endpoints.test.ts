import { ENDPOINTS_BY_MODULE, type Endpoint } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

/**
 * Every route is declared once, in the contract (packages/contract/src/endpoints), and registered from that
 * declaration: the app serves exactly the declared endpoints, each behind the guard its `auth` names and with
 * the staff need and proof it declares. Only the platform's own routes (health, metrics, the API document)
 * and the OpenID provider library's endpoints under /oidc (with the portal's wrappers in front of its token
 * and device endpoints, and its metadata at the root's /.well-known addresses) are not contract endpoints.
 */
const PLATFORM_ROUTES = /^(GET|POST) \/(healthz|readyz|metrics|api\/docs|oidc(\/.*)?|\.well-known\/.*)$/;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const declared = Object.entries(ENDPOINTS_BY_MODULE).flatMap(([module, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
    id: `${endpoint.method} ${endpoint.path}`,
    where: `${module}.${name}`,
    guard: endpoint.auth === 'none' ? null : endpoint.auth,
    staff: endpoint.staff ?? null,
    proof: endpoint.proof,
  })),
);

describe('endpoints declared in the contract', () => {
  it('declares each endpoint once', () => {
    const ids = declared.map(({ id }) => id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('serves exactly the declared endpoints, with the guard, staff need and proof each declares', () => {
    const served = t.app.routeGuards
      .map((route) => ({
        id: `${route.method} ${route.url}`,
        guard: route.guard,
        staff: route.staff,
        proof: route.proof,
      }))
      .filter(({ id }) => !PLATFORM_ROUTES.test(id));
    const servedIds = new Set(served.map(({ id }) => id));
    const declaredIds = new Set(declared.map(({ id }) => id));
    expect(served.filter(({ id }) => !declaredIds.has(id)).map(({ id }) => id)).toEqual([]);
    expect(declared.filter(({ id }) => !servedIds.has(id)).map(({ where, id }) => `${where}: ${id}`)).toEqual(
      [],
    );
    const byId = new Map(declared.map((endpoint) => [endpoint.id, endpoint]));
    const differing = served
      .filter(({ id, guard, staff, proof }) => {
        const declaration = byId.get(id);
        return declaration?.guard !== guard || declaration.staff !== staff || declaration.proof !== proof;
      })
      .map(({ id, guard, staff, proof }) => {
        const declaration = byId.get(id);
        return `${id}: serves ${guard}/${staff}/${proof}, declares ${declaration?.guard}/${declaration?.staff}/${declaration?.proof}`;
      });
    expect(differing).toEqual([]);
  });
});
