import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Games Portal</title>');
  writeFileSync(join(webDist, 'assets', 'page-abc123.js'), 'export default 1;');
  t = await buildTestApp({ deps: { webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('answers deep links with index.html, revalidated on every visit', async () => {
    const res = await t.app.inject('/mlg/admin/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Games Portal</title>');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject('/assets/page-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset (a page of an older release) with 404, never with the page', async () => {
    const res = await t.app.inject('/assets/page-old999.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such endpoint.' });
  });
});
