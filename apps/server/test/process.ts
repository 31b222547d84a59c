import { type ChildProcess, spawn } from 'node:child_process';

/** A running program (an example): its output so far, a wait for a line, and a stop. */
export function startProcess(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    output,
    /** The exit code, once the process has ended and its output is read. */
    exited,
    /** The match once stdout or stderr has `pattern`; rejects if the example ends or 30 s pass. */
    async waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const match = `${output.stdout}\n${output.stderr}`.match(pattern);
        if (match) return match;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`no ${pattern} in the example's output:\n${output.stdout}\n${output.stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill();
      await exited;
    },
  };
}
