import { josa as esJosa, numberToHangul } from 'es-hangul';

/**
 * Korean particles chosen from the word before them (issue 22 C: "아메리카노 무료을 드려요",
 * "인증번호는 700276예요"), for the console, the lounge, the server's messages and the 알림톡 texts
 * alike. es-hangul reads a Hangul word's last syllable (ㄹ takes 로, not 으로); a word ending in
 * digits is read as its number is said (700276 → …칠십육, so 이에요). Other endings (Latin letters,
 * marks) take the form after a vowel: a message never puts a particle straight after an e-mail or
 * a code of letters (it names the thing instead: "… 주소로").
 */
export type ParticlePair = '을/를' | '이/가' | '은/는' | '와/과' | '으로/로' | '이에요/예요' | '이라/라' | '이나/나';

/** The syllable a word ends with when said: its last Hangul syllable, or its trailing number read aloud. */
function lastSpoken(word: string): string {
  const digits = /(\d[\d,]*)\D*$/.exec(word.trim());
  const tail = word.trim().slice(-1);
  if (digits && /\d/.test(tail)) return numberToHangul(Number(digits[1].replace(/,/g, ''))).slice(-1) || '영';
  return tail;
}

/** The particle of `pair` that follows `word`. */
export function particle(word: string, pair: ParticlePair): string {
  const spoken = lastSpoken(word);
  // A syllable without a final consonant stands in for any other ending.
  return esJosa.pick(/[가-힣]/.test(spoken) ? spoken : '가', pair);
}

/** `word` with the particle that follows it: josa('서울', '으로/로') → '서울로'. */
export function josa(word: string | number, pair: ParticlePair): string {
  return `${word}${particle(String(word), pair)}`;
}

/**
 * The catalogue's particle markers (both forms of a pair, the second in parentheses, as MARKERS
 * lists them) resolved against the word just before them, once the variables are filled in: every
 * interpolation of the console and the lounge passes its text through here. A catalogue text may also
 * take a variable that already carries its particle (`josa(word, pair)` in the caller).
 */
const MARKERS: [RegExp, ParticlePair][] = [
  [/을\(를\)|를\(을\)/, '을/를'],
  [/이\(가\)|가\(이\)/, '이/가'],
  [/은\(는\)|는\(은\)/, '은/는'],
  [/과\(와\)|와\(과\)/, '와/과'],
  [/\(으\)로/, '으로/로'],
  [/\(이\)에요|이에요\(예요\)/, '이에요/예요'],
  [/\(이\)라/, '이라/라'],
  [/\(이\)나/, '이나/나'],
];
const ANY_MARKER = new RegExp(MARKERS.map(([re]) => re.source).join('|'), 'g');

export function resolveParticles(text: string): string {
  return text.replace(ANY_MARKER, (marker, offset: number) => {
    const pair = MARKERS.find(([re]) => re.test(marker))![1];
    return particle(text.slice(0, offset), pair);
  });
}

/** Any marker left unresolved in a text (the particle test's check). */
export const UNRESOLVED_PARTICLE = new RegExp(ANY_MARKER.source);

/** A catalogue text with its %{name} slots filled (a slot without a value stays as it is) and its particle markers resolved. */
export function fillMessage(text: string, values: Record<string, unknown> = {}): string {
  return resolveParticles(text.replace(/%\{(\w+)\}/g, (slot, name: string) => (values[name] == null ? slot : String(values[name]))));
}
