import './zod-jitless';
import { expect, it } from 'vitest';
import { config, z } from 'zod';

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
