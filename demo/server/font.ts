/** A tiny 5×7 bitmap font for the camera overlays (upper-case letters, digits, a little punctuation). */

const GLYPHS: Record<string, string> = {
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11100 10010 10001 10001 10001 10010 11100',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 10001 01010 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
  ' ': '00000 00000 00000 00000 00000 00000 00000',
  ':': '00000 01100 01100 00000 01100 01100 00000',
  '-': '00000 00000 00000 11111 00000 00000 00000',
  '.': '00000 00000 00000 00000 00000 01100 01100',
  ',': '00000 00000 00000 00000 01100 00100 01000',
  '/': '00000 00001 00010 00100 01000 10000 00000',
  '&': '01100 10010 10100 01000 10101 10010 01101',
  '#': '01010 01010 11111 01010 11111 01010 01010',
  '(': '00010 00100 01000 01000 01000 00100 00010',
  ')': '01000 00100 00010 00010 00010 00100 01000',
  "'": '01100 00100 01000 00000 00000 00000 00000',
  '+': '00000 00100 00100 11111 00100 00100 00000',
  '?': '01110 10001 00001 00010 00100 00000 00100',
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

const BITMAPS = new Map<string, boolean[][]>(
  Object.entries(GLYPHS).map(([ch, rows]) => [ch, rows.split(' ').map((row) => [...row].map((b) => b === '1'))]),
);

/** Upper-cases and strips accents; characters without a glyph become '?'. */
export function normalizeText(text: string): string {
  return [...text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()].map((c) => (BITMAPS.has(c) ? c : '?')).join('');
}

export function textWidth(text: string, scale: number): number {
  return text.length ? (text.length * (GLYPH_WIDTH + 1) - 1) * scale : 0;
}

export type Rgb = readonly [number, number, number];

/** Draws `text` into an RGBA buffer of `width` pixels per row, top-left at (x, y). */
export function drawText(
  data: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  text: string,
  scale: number,
  color: Rgb,
): void {
  let cx = x;
  for (const ch of normalizeText(text)) {
    const bitmap = BITMAPS.get(ch)!;
    for (let row = 0; row < GLYPH_HEIGHT; row++) {
      for (let col = 0; col < GLYPH_WIDTH; col++) {
        if (!bitmap[row]![col]) continue;
        for (let dy = 0; dy < scale; dy++) {
          const py = y + row * scale + dy;
          if (py < 0 || py >= height) continue;
          for (let dx = 0; dx < scale; dx++) {
            const px = cx + col * scale + dx;
            if (px < 0 || px >= width) continue;
            const o = (py * width + px) * 4;
            data[o] = color[0];
            data[o + 1] = color[1];
            data[o + 2] = color[2];
          }
        }
      }
    }
    cx += (GLYPH_WIDTH + 1) * scale;
  }
}
