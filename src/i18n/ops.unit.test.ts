import { describe, expect, it } from 'vitest';
import { opsKo } from './ops.ko';
import { opsEn } from './ops.en';
import { fillMessage } from '../domain/josa';
import { particleMistakes, SAMPLE_WORDS } from '../domain/testing/particles';

const leaves = (node: unknown, prefix = ''): [string, string][] =>
  typeof node === 'string' ? [[prefix, node]] : Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));

describe('the operator console catalogue', () => {
  it('has the same keys in Korean and English', () => {
    expect(leaves(opsEn).map(([k]) => k)).toEqual(leaves(opsKo).map(([k]) => k));
  });
  it.each(SAMPLE_WORDS)('reads right with %s in every variable', (word) => {
    const withSlots = leaves(opsKo).filter(([, text]) => text.includes('%{'));
    const mistakes = withSlots.flatMap(([key, text]) => {
      const values = Object.fromEntries([...text.matchAll(/%\{(\w+)\}/g)].map((m) => [m[1], word]));
      return particleMistakes(fillMessage(text, values), word).map((m) => `${key}: ${m}`);
    });
    expect(mistakes).toEqual([]);
  });
});
