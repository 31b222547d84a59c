import { readFileSync } from 'node:fs';
import type { ZodType } from 'zod';

/**
 * A JSON file a build wrote (the web build's page lists, the SDK manifest), read with the schema of what that
 * build writes. A file that is not JSON or does not match is a broken build: the error names the file, and
 * nothing is served from a guess.
 */
export function readBuildFile<T>(path: string, schema: ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new Error(`${path} does not match what the build writes: ${parsed.error.message}`);
  return parsed.data;
}
