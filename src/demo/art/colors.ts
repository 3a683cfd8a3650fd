/** Colour arithmetic for the drawings: shades of one paint colour give the body its volume. */

function parse(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: readonly number[]): string =>
  `#${rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Blend two colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [x, y] = [parse(a), parse(b)];
  return toHex(x.map((v, i) => v + ((y[i] ?? 0) - v) * t));
}

export const darken = (hex: string, t: number): string => mix(hex, '#000000', t);
export const lighten = (hex: string, t: number): string => mix(hex, '#ffffff', t);

/** Perceived brightness 0..1, to keep very dark paints from turning into black blobs. */
export function luminance(hex: string): number {
  const [r, g, b] = parse(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}
