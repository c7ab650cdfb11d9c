import { describe, expect, it } from 'vitest';
import { START_B, START_C, code128Modules, code128Svg, code128Values, decodeCode128, isCode128Text } from './code128';

describe('Code 128', () => {
  it('encodes text in code set B with the weighted modulo-103 check symbol', () => {
    // P J J 1 2 3 C in set B: 48 42 42 17 18 19 35; (104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7) mod 103 = 879 mod 103 = 55.
    expect(code128Values('PJJ123C')).toEqual([START_B, 48, 42, 42, 17, 18, 19, 35, 55]);
  });

  it('encodes an even run of digits in code set C, two digits a symbol', () => {
    // 12 34 56 78 90 12: (105 + 12·1 + 34·2 + 56·3 + 78·4 + 90·5 + 12·6) mod 103 = 1187 mod 103 = 54.
    expect(code128Values('123456789012')).toEqual([START_C, 12, 34, 56, 78, 90, 12, 54]);
    // Odd length stays in set B.
    expect(code128Values('12345')[0]).toBe(START_B);
  });

  it('starts with the start pattern, ends with the stop pattern, 11 modules a symbol', () => {
    const modules = code128Modules('ABC-1');
    expect(modules.startsWith('11010010000')).toBe(true); // START B
    expect(modules.endsWith('1100011101011')).toBe(true); // STOP
    expect(modules.length).toBe(11 * (1 + 5 + 1) + 13);
    expect(code128Modules('000000000000').startsWith('11010011100')).toBe(true); // START C
  });

  it.each(['123456789012', 'COUPON-42', 'a b~}', '0', '9876543210-17'])('round-trips %s', (text) => {
    expect(decodeCode128(code128Modules(text))).toBe(text);
  });

  it('refuses what it cannot encode', () => {
    expect(isCode128Text('쿠폰')).toBe(false);
    expect(isCode128Text('')).toBe(false);
    expect(() => code128Values('쿠폰')).toThrow();
  });

  it('draws one rect per dark run inside 10-module quiet zones', () => {
    const svg = code128Svg('123456789012', { moduleWidth: 1, height: 50 });
    const modules = code128Modules('123456789012');
    const darkRuns = modules.match(/1+/g)!.length;
    expect(svg.match(/<rect x=/g)).toHaveLength(darkRuns);
    expect(svg).toContain(`viewBox="0 0 ${modules.length + 20} 50"`);
    expect(svg).toContain('<rect x="10" y="0"');
  });
});
