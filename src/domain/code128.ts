/**
 * A small Code 128 encoder (ISO/IEC 15417) for the lounge's coupon barcodes: code set C for an
 * even run of digits (the generated 12-digit wallet codes), code set B otherwise (printable ASCII).
 * `code128Modules` gives the bar/space pattern ('1' a dark module), `code128Svg` an SVG that any
 * scanner reads, with the 10-module quiet zones.
 */

/** The 107 symbol patterns: bar and space widths, values 0–105 and the stop (106, 7 elements). */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];
export const START_B = 104;
export const START_C = 105;
export const STOP = 106;

/** Whether the text can be encoded (printable ASCII, 1–80 characters). */
export const isCode128Text = (text: string) => text.length > 0 && text.length <= 80 && /^[\x20-\x7e]+$/.test(text);

/** The symbol values of the text, start and check symbol included, stop excluded. */
export function code128Values(text: string): number[] {
  if (!isCode128Text(text)) throw new Error('Code 128: printable ASCII only');
  const values = /^\d+$/.test(text) && text.length % 2 === 0 && text.length >= 4
    ? [START_C, ...(text.match(/\d\d/g) ?? []).map(Number)]
    : [START_B, ...[...text].map((c) => c.charCodeAt(0) - 32)];
  const check = values.reduce((sum, v, i) => sum + v * (i === 0 ? 1 : i), 0) % 103;
  return [...values, check];
}

/** The modules of the symbol, quiet zones excluded: '1' dark, '0' light. */
export function code128Modules(text: string): string {
  return [...code128Values(text), STOP]
    .map((v) => [...PATTERNS[v]].map((w, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(w))).join(''))
    .join('');
}

/** The symbol as an SVG document: one rect per dark run, a quiet zone of 10 modules each side. */
export function code128Svg(text: string, opts: { moduleWidth?: number; height?: number } = {}): string {
  const mw = opts.moduleWidth ?? 2;
  const height = opts.height ?? 80;
  const modules = code128Modules(text);
  const quiet = 10;
  const rects: string[] = [];
  for (let i = 0; i < modules.length; ) {
    if (modules[i] === '1') {
      let j = i;
      while (modules[j] === '1') j++;
      rects.push(`<rect x="${(quiet + i) * mw}" y="0" width="${(j - i) * mw}" height="${height}"/>`);
      i = j;
    } else i++;
  }
  const width = (modules.length + 2 * quiet) * mw;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" shape-rendering="crispEdges">`
    + `<rect width="${width}" height="${height}" fill="#fff"/><g fill="#000">${rects.join('')}</g></svg>`;
}

/** Decodes modules back to the text (the tests' round trip; also a check that the symbol is well formed). */
export function decodeCode128(modules: string): string {
  const runs: number[] = [];
  for (let i = 0; i < modules.length; ) {
    let j = i;
    while (modules[j] === modules[i]) j++;
    runs.push(j - i);
    i = j;
  }
  const byPattern = new Map(PATTERNS.map((p, v) => [p, v]));
  const values: number[] = [];
  for (let i = 0; i < runs.length; ) {
    const len = runs.length - i === 7 ? 7 : 6;
    const v = byPattern.get(runs.slice(i, i + len).join(''));
    if (v === undefined) throw new Error('Code 128: unknown symbol');
    values.push(v);
    i += len;
  }
  if (values.pop() !== STOP) throw new Error('Code 128: no stop');
  const check = values.pop()!;
  if (values.reduce((sum, v, i) => sum + v * (i === 0 ? 1 : i), 0) % 103 !== check) throw new Error('Code 128: bad check symbol');
  const [start, ...data] = values;
  if (start === START_C) return data.map((v) => String(v).padStart(2, '0')).join('');
  if (start === START_B) return data.map((v) => String.fromCharCode(v + 32)).join('');
  throw new Error('Code 128: unsupported start');
}
