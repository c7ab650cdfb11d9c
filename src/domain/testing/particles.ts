import { particle, UNRESOLVED_PARTICLE, type ParticlePair } from '../josa';

/** Words ending in a vowel, a final consonant, ㄹ, and digits (read aloud: 육, 십, 이, 칠). */
export const SAMPLE_WORDS = ['아메리카노 무료', '골드 멤버십', '세탁 중', '서울', '700276', '10', '2', '7'] as const;

const PAIRS: ParticlePair[] = ['을/를', '이/가', '은/는', '와/과', '으로/로', '이에요/예요', '이라/라', '이나/나'];

/**
 * What is wrong in `text` around `word`: a marker left unresolved, or a particle of the other form
 * straight after the word ("무료을", "700276예요", "서울으로").
 */
export function particleMistakes(text: string, word: string): string[] {
  const mistakes = UNRESOLVED_PARTICLE.test(text) ? [`unresolved: ${text}`] : [];
  for (const pair of PAIRS) {
    const right = particle(word, pair);
    for (const form of pair.split('/').filter((f) => f !== right && !right.startsWith(f) && !f.startsWith(right))) {
      if (text.includes(`${word}${form}`)) mistakes.push(`${word}${form} (${pair}): ${text}`);
    }
  }
  return mistakes;
}
