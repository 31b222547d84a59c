import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ShopGame } from '@portal/contract';

/** The SDKs' sources (sdks/ at the repository's root). */
export const SDKS = fileURLToPath(new URL('../../../sdks/', import.meta.url));

/** Whether a toolchain is here; CI has them all but .NET (scripts/ensure-test-tools.sh). */
export const runs = (cmd: string, args: string[]) => !!process.env.CI || spawnSync(cmd, args).status === 0;

/** Whether .NET is here: it has no Debian package, so CI has none and its tests run only where it is installed. */
export const hasDotnet = () => spawnSync('dotnet', ['--version'], { stdio: 'ignore' }).status === 0;

/** A port nothing listens on now, for a server that cannot take port 0. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type Command = [command: string, args: string[], cwd: string];

/** Compiles Java sources of sdks/java with the SDK, outside the source tree; the command runs `main`. */
export function javaProgram(sources: string[], main: string): Command {
  const out = mkdtempSync(join(tmpdir(), 'sdk-java-'));
  execFileSync('javac', ['-d', out, 'src/main/java/com/caliber/portal/CaliberPortal.java', ...sources], {
    cwd: join(SDKS, 'java'),
    stdio: 'ignore',
  });
  return ['java', ['-cp', out, main], join(SDKS, 'java')];
}

/** Builds a Go package of sdks/go (e.g. ./example) outside the source tree. */
export function goProgram(pkg: string): Command {
  const binary = join(mkdtempSync(join(tmpdir(), 'sdk-go-')), 'program');
  execFileSync('go', ['build', '-o', binary, pkg], { cwd: join(SDKS, 'go'), stdio: 'ignore' });
  return [binary, [], join(SDKS, 'go')];
}

/** Each SDK's example as a game server runs it, for every toolchain CI has; compiled ones are built first. */
export const examples: {
  language: string;
  game: ShopGame;
  available: boolean;
  /** The example as a game server runs it (it may differ from the command line, `cli`). */
  build(): Command | Promise<Command>;
  cli?: () => Command;
  /** What it prints once its webhook endpoint accepts connections, the port in the first group. */
  listening?: RegExp;
}[] = [
  {
    language: 'JavaScript',
    game: 'yggdra',
    available: true,
    build: () => [process.execPath, ['example.mjs'], join(SDKS, 'javascript')],
  },
  {
    language: 'Python',
    game: 'talesrunner',
    available: runs('python3', ['--version']),
    build: () => ['python3', ['example.py'], join(SDKS, 'python')],
  },
  {
    language: 'Go',
    game: 'yggdra',
    available: runs('go', ['version']),
    build: () => goProgram('./example'),
  },
  {
    language: 'Java',
    game: 'talesrunner',
    available: runs('javac', ['-version']),
    build: () => javaProgram(['example/Example.java'], 'Example'),
  },
  {
    language: 'PHP',
    game: 'yggdra',
    available: runs('php', ['-v']),
    cli: () => ['php', ['example.php'], join(SDKS, 'php')],
    // From the command line it polls; served by PHP's own web server it is the webhook endpoint.
    build: async () => {
      const port = await freePort();
      const serve = `php example.php && exec php -S 127.0.0.1:${port} example.php`;
      return ['sh', ['-c', serve], join(SDKS, 'php')];
    },
    // PHP's own web server says so once it listens (a line echoed before it starts could come too early).
    listening: /Development Server \(http:\/\/127\.0\.0\.1:(\d+)\) started/,
  },
  {
    language: 'Ruby',
    game: 'talesrunner',
    available: runs('ruby', ['-v']),
    build: () => ['ruby', ['example.rb'], join(SDKS, 'ruby')],
  },
];
