import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { userGames } from '../../db/schema/index';
import { hashSecret } from '../../lib/hashing';
import { createServerKey } from '../events';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const SDKS = join(ROOT, 'sdks');
const has = (cmd: string, args: string[] = ['--version']) =>
  spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  // The build makes the archives; the suite runs before the build, so it makes them the same way.
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-sdks.mjs')], { stdio: 'ignore' });
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('SDK downloads', () => {
  it('lists seven archives with versions, targets and checksums that match the downloads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sdk' });
    expect(res.statusCode).toBe(200);
    const { sdks } = res.json() as {
      sdks: { id: string; sha256: string; size: number; downloadUrl: string }[];
    };
    expect(sdks.map((s) => s.id)).toEqual(['javascript', 'python', 'php', 'dotnet', 'go', 'java', 'ruby']);
    for (const sdk of sdks) {
      const file = await t.app.inject({ method: 'GET', url: sdk.downloadUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/zip');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="caliber-portal-sdk-/);
      expect(file.rawPayload.length).toBe(sdk.size);
      expect(file.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');
      expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(sdk.sha256);
    }
  });

  it('answers 404 for an unknown SDK and 422 for a malformed name', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sdk/cobol/download' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/sdk/..%2Fmanifest/download' })).statusCode).toBe(
      422,
    );
  });
});

describe('the JavaScript SDK against the running portal', () => {
  it('signs in by password and PIN and exchanges each code once', async () => {
    const sdk = await import(join(SDKS, 'javascript/src/index.js'));
    const p = await createPlayer(t.app.ctx);
    await t.app.ctx.db
      .update(userGames)
      .set({ pinHash: await hashSecret('2468') })
      .where(eq(userGames.userId, p.user.id));
    const { key } = await createServerKey(t.app.ctx.db, 'caliber', 'sdk test');

    const launcher = new sdk.CaliberLauncherClient({ baseUrl });
    const server = new sdk.CaliberGameServer({ baseUrl, serverKey: key });
    const byPassword = await launcher.loginWithPassword(p.user.email, p.password);
    expect(byPassword.redirectURL).toMatch(/^caliber:\/\/login\?code=/);
    expect(await server.exchangeCode(byPassword.code)).toMatchObject({ uuid: p.user.id, method: 'password' });
    await expect(server.exchangeCode(byPassword.code)).rejects.toMatchObject({
      name: 'PortalError',
      status: 400,
    });

    const byPin = await launcher.loginWithPin(p.user.id, '2468');
    expect(await server.exchangeCode(byPin.code)).toMatchObject({ email: p.user.email, method: 'pin' });

    await expect(launcher.loginWithPassword(p.user.email, 'Wrong-password-9')).rejects.toMatchObject({
      name: 'LoginError',
      code: 'INVALID_CREDENTIALS',
    });
    await expect(
      new sdk.CaliberLauncherClient({ baseUrl, developer: true }).loginWithPin(p.user.id, '2468'),
    ).rejects.toMatchObject({ code: 'NOT_A_DEVELOPER' });
    await expect(
      new sdk.CaliberGameServer({ baseUrl, serverKey: 'gsk_caliber_wrong' }).exchangeCode('x'),
    ).rejects.toMatchObject({ status: 401 });
  });
});

describe('the other SDKs build with the toolchains on this machine', () => {
  it.skipIf(!has('python3'))('Python: py_compile', () => {
    const out = mkdtempSync(join(tmpdir(), 'sdk-python-'));
    for (const [i, f] of ['python/caliber_portal/__init__.py', 'python/example.py'].entries()) {
      // python3 -m py_compile, with the byte code written outside the source tree.
      execFileSync('python3', [
        '-c',
        'import py_compile,sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True)',
        join(SDKS, f),
        join(out, `${i}.pyc`),
      ]);
    }
  });

  it.skipIf(!has('javac', ['-version']))(
    'Java: javac',
    () => {
      const out = mkdtempSync(join(tmpdir(), 'sdk-java-'));
      execFileSync('javac', [
        '-Xlint:all',
        '-Werror',
        '-d',
        out,
        join(SDKS, 'java/src/main/java/com/caliber/portal/CaliberPortal.java'),
        join(SDKS, 'java/example/Example.java'),
      ]);
    },
    60_000,
  );

  it.skipIf(!has('php', ['-v']))('PHP: php -l', () => {
    for (const f of ['php/src/CaliberPortal.php', 'php/example.php'])
      execFileSync('php', ['-l', join(SDKS, f)]);
  });

  it.skipIf(!has('ruby', ['-v']))('Ruby: ruby -c', () => {
    for (const f of ['ruby/lib/caliber_portal.rb', 'ruby/example.rb'])
      execFileSync('ruby', ['-c', join(SDKS, f)]);
  });

  it.skipIf(!has('go', ['version']))(
    'Go: go vet',
    () => {
      execFileSync('go', ['vet', './...'], { cwd: join(SDKS, 'go') });
    },
    120_000,
  );
});
