import { existsSync, readFileSync } from 'node:fs';

/**
 * Reports a lint script's findings against its baseline, a file of findings older than the rule that may only
 * shrink: a finding not listed fails, and so does a listed one that no longer occurs. `found` maps each
 * finding's key (its baseline line) to the messages that explain it, in the order they are printed. `--list` prints every key found.
 * Exits the process.
 */
export function reportAgainstBaseline(baselineFile, found, problems = []) {
  const baseline = existsSync(baselineFile)
    ? readFileSync(baselineFile, 'utf8')
        .split('\n')
        .filter((line) => line.trim() && !line.startsWith('#'))
    : [];
  for (const [key, messages] of found) if (!baseline.includes(key)) problems.push(...messages);
  for (const key of baseline)
    if (!found.has(key))
      problems.push(`${baselineFile}: "${key}" no longer occurs: remove the line (the list only shrinks)`);
  for (const problem of problems) console.error(problem);
  if (process.argv[2] === '--list') for (const key of found.keys()) console.log(key);
  process.exit(problems.length ? 1 : 0);
}
