import type { ProductCategoryCode } from '../../src/domain/product';
import { deflatePixels, encodeIndexedPng } from './png';

/**
 * Pictures for the demo catalogue, drawn at seed time (no download, no image library): a flat
 * silhouette of the product's category on a tint, in a colour of its own: neighbours in a catalogue
 * are a golden angle apart on the colour wheel, so no two products of a catalogue look alike.
 */

const SIZE = 320;
/** Degrees between neighbours' hues: consecutive products never get close colours. */
const GOLDEN_ANGLE = 137.508;

/** A signed distance in pixels: negative inside the shape, positive outside. Plain numbers, no arrays: it runs per pixel. */
type Shape = (x: number, y: number) => number;

// Math.sqrt, not Math.hypot: hypot is several times slower, and this runs for every pixel.
const length = (dx: number, dy: number) => Math.sqrt(dx * dx + dy * dy);
const circle = (cx: number, cy: number, r: number): Shape => (x, y) => length(x - cx, y - cy) - r;
const box = (cx: number, cy: number, hw: number, hh: number, radius = 0): Shape => (x, y) => {
  const dx = Math.abs(x - cx) - hw + radius;
  const dy = Math.abs(y - cy) - hh + radius;
  return length(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - radius;
};
const ring = (cx: number, cy: number, r: number, thickness: number): Shape => {
  const edge = circle(cx, cy, r);
  return (x, y) => Math.abs(edge(x, y)) - thickness;
};
const diamond = (cx: number, cy: number, r: number): Shape => (x, y) => (Math.abs(x - cx) + Math.abs(y - cy) - r) / Math.SQRT2;
const union = (...shapes: Shape[]): Shape => (x, y) => {
  let d = Infinity;
  for (const s of shapes) d = Math.min(d, s(x, y));
  return d;
};
const minus = (a: Shape, b: Shape): Shape => (x, y) => Math.max(a(x, y), -b(x, y));
const above = (a: Shape, yMax: number): Shape => (x, y) => Math.max(a(x, y), y - yMax);

/** One silhouette per category (src/domain/product PRODUCT_CATEGORIES), on a 320 px square. */
const SILHOUETTES: Record<ProductCategoryCode, Shape> = {
  1: union(box(160, 195, 100, 75, 16), above(ring(160, 125, 52, 8), 125)), // bag: body and handle
  2: minus(box(160, 165, 115, 72, 12), union(box(160, 135, 115, 3), ring(160, 160, 12, 3))), // wallet: flap line and clasp
  3: union(minus(union(box(160, 160, 36, 150, 10), circle(160, 160, 72)), circle(160, 160, 58)), box(160, 138, 4, 24), box(178, 160, 22, 4)), // watch
  4: minus(union(box(160, 195, 70, 100, 8), box(160, 118, 128, 26, 10)), circle(160, 88, 30)), // clothes: a shirt
  5: union(box(160, 205, 120, 28, 26), box(110, 160, 58, 50, 22)), // shoe: sole and upper
  6: union(ring(160, 185, 72, 11), diamond(160, 98, 30)), // accessory: a ring with a stone
  7: minus(diamond(160, 160, 110), circle(160, 160, 34)), // goods: a tag
};

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/**
 * The compressed pixels of a category: each pixel's index is how much of it the silhouette covers
 * (0 to 255, anti-aliased edges). Drawn and compressed once per category; products only recolour it.
 */
const pixelsOf = new Map<ProductCategoryCode, Buffer>();
function categoryPixels(category: ProductCategoryCode): Buffer {
  const cached = pixelsOf.get(category);
  if (cached) return cached;
  const shape = SILHOUETTES[category];
  const cover = new Uint8Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) cover[y * SIZE + x] = Math.round(255 * Math.min(1, Math.max(0, 0.5 - shape(x + 0.5, y + 0.5))));
  }
  const pixels = deflatePixels(SIZE, SIZE, cover);
  pixelsOf.set(category, pixels);
  return pixels;
}

/** A PNG picture of the product at `position` in its catalogue. */
export function productImagePng(categoryCode: number | null, position: number): Buffer {
  const category = categoryCode !== null && categoryCode in SILHOUETTES ? (categoryCode as ProductCategoryCode) : 7;
  const hue = (position * GOLDEN_ANGLE) % 360;
  const background = hsl(hue, 0.45, 0.93);
  const ink = hsl(hue, 0.5, 0.42);
  // Index i is a pixel i/255 covered by the silhouette: the tint blended towards the ink.
  const palette = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) {
    for (let c = 0; c < 3; c++) palette[i * 3 + c] = Math.round(background[c] + ((ink[c] - background[c]) * i) / 255);
  }
  return encodeIndexedPng(SIZE, SIZE, palette, categoryPixels(category));
}
