import { describe, expect, it } from 'vitest';
import { createReplyCache } from './reply-cache';

describe('reply cache', () => {
  const counted = () => {
    let builds = 0;
    return {
      build: (value: unknown) => async () => {
        builds += 1;
        return value;
      },
      builds: () => builds,
    };
  };

  it('builds once per key and version', async () => {
    const cache = createReplyCache();
    const cached = async (...args: Parameters<typeof cache>) => (await cache(...args)).toString();
    const b = counted();
    expect(await cached('a', 'v1', b.build([1]))).toBe('[1]');
    expect(await cached('a', 'v1', b.build([2]))).toBe('[1]');
    expect(await cached('a', 'v2', b.build([3]))).toBe('[3]');
    expect(await cached('b', 'v2', b.build([4]))).toBe('[4]');
    expect(b.builds()).toBe(3);
  });

  it('drops the least recently used replies beyond its size, and never keeps one bigger than it', async () => {
    const cache = createReplyCache(10); // room for two 5-byte replies
    const cached = async (...args: Parameters<typeof cache>) => (await cache(...args)).toString();
    const b = counted();
    await cached('a', 'v', b.build('abc')); // "abc" with quotes: 5 bytes
    await cached('b', 'v', b.build('def'));
    await cached('a', 'v', b.build('abc')); // a is now the most recent
    await cached('c', 'v', b.build('ghi')); // drops b
    expect(b.builds()).toBe(3);
    await cached('a', 'v', b.build('abc'));
    expect(b.builds()).toBe(3);
    await cached('b', 'v', b.build('def'));
    expect(b.builds()).toBe(4);
    expect(await cached('big', 'v', b.build('0123456789'))).toBe('"0123456789"');
    await cached('big', 'v', b.build('0123456789'));
    expect(b.builds()).toBe(6);
  });
});
