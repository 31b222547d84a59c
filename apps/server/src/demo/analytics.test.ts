import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { createAdmin, createPlayer } from '../../test/fixtures';
import { seedAnalyticsDemo } from './analytics';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-11-21T06:00:00Z') });
});
afterAll(() => t.close());

it('seeds months of activity through ingestion, fills the rollups, and runs once', async () => {
  t.clock.set(new Date('2026-11-10T06:00:00Z'));
  await createPlayer(t.app.ctx, { games: ['caliber', 'talesrunner'] });
  await createPlayer(t.app.ctx, { games: ['caliber'] });
  t.clock.set(new Date('2026-11-21T06:00:00Z'));
  const made = await seedAnalyticsDemo(t.app.ctx);
  expect(made!.events).toBeGreaterThan(200);
  expect(await seedAnalyticsDemo(t.app.ctx)).toBeNull();
  const admin = (await createAdmin(t.app.ctx)).auth;
  const dau = (await t.app.inject({ url: '/api/daily-active-users', headers: admin })).json();
  expect(dau.length).toBeGreaterThan(100);
  const regs = (await t.app.inject({ url: '/api/caliber-total-count', headers: admin })).json();
  expect(regs).toEqual({ total_caliber_registrations: 2 });
});
