import { Readable } from 'node:stream';
import { MAX_JSON_DEPTH, fieldWithNul, jsonDepthExceeds } from './inputGuards';

describe('jsonDepthExceeds', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('allows the limit and refuses one level more', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(`{"a":${'{"b":'.repeat(5000)}1${'}'.repeat(5000)}}`, MAX_JSON_DEPTH)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds(JSON.stringify({ a: '['.repeat(100), b: `\\"${'{'.repeat(100)}` }), 2)).toBe(false);
  });

  it('counts depth, not the number of siblings', () => {
    expect(jsonDepthExceeds(JSON.stringify(Array.from({ length: 1000 }, () => ({ a: [1] }))), 3)).toBe(false);
  });
});

describe('fieldWithNul', () => {
  it('names the field in the form\'s key style', () => {
    expect(fieldWithNul({ name: 'a\u0000b' })).toBe('name');
    expect(fieldWithNul({ rows: [{ name: 'ok' }, { name: '\u0000' }] })).toBe('rows[1].name');
    expect(fieldWithNul({ 'ke\u0000y': 'v' })).toBe('key');
  });

  it('passes clean input, numbers and nulls', () => {
    expect(fieldWithNul({ name: '매장', n: 1, list: [null, true], o: { p: '' } })).toBeNull();
    expect(fieldWithNul(undefined)).toBeNull();
  });

  it('walks query objects as Fastify\'s parser makes them (an empty null-prototype object as prototype)', () => {
    expect(fieldWithNul(Object.assign(Object.create(Object.create(null)), { q: 'a\u0000' }))).toBe('q');
    expect(fieldWithNul(Object.assign(Object.create(null), { q: 'a\u0000' }))).toBe('q');
  });

  it('never walks bytes or streams: a 10 MB Buffer of NULs is not text and is passed at once', () => {
    const started = performance.now();
    expect(fieldWithNul(Buffer.alloc(10 * 1024 * 1024))).toBeNull();
    expect(fieldWithNul(new Uint8Array(1024))).toBeNull();
    expect(fieldWithNul(Readable.from([Buffer.from('\u0000')]))).toBeNull();
    // Entry by entry, the Buffer took seconds (issue 20); skipped, it is far below a millisecond.
    expect(performance.now() - started).toBeLessThan(50);
  });
});
