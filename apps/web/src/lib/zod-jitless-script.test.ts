import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { config, z } from 'zod';

// The classic script index.html loads before the app (public/zod-jitless.js), run as the browser runs it.
new Function(readFileSync(join(__dirname, '../../public/zod-jitless.js'), 'utf8'))();

it('makes zod jitless, so object schemas never call new Function (the CSP forbids eval)', () => {
  expect(config().jitless).toBe(true);
  const spy = globalThis.Function;
  let called = false;
  globalThis.Function = new Proxy(spy, {
    construct(target, args) {
      called = true;
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      called = true;
      return Reflect.apply(target, self, args);
    },
  });
  try {
    const schema = z.object({ name: z.string(), age: z.number() });
    for (let i = 0; i < 3; i++) expect(schema.parse({ name: 'a', age: i })).toEqual({ name: 'a', age: i });
  } finally {
    globalThis.Function = spy;
  }
  expect(called).toBe(false);
});
