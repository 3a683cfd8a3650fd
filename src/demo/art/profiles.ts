/**
 * Side profiles of the six body types, measured in centimetres from the rear bumper (x) and the
 * ground (y, upwards), close to real cars of each kind (Impreza, WRX, Forester, Outback,
 * Hilux double cab, BRZ). Real proportions are what make a few flat shapes read as "a car".
 * Each outline point carries the corner radius used when the polygon is rounded.
 */
import type { BodyType } from '../data/common.ts';

export type Pt = readonly [x: number, y: number, r?: number];

export interface Profile {
  length: number;
  height: number;
  wheelR: number;
  wheels: readonly [rear: number, front: number]; // wheel-centre x
  outline: readonly Pt[]; // body, clockwise from the rear bottom corner
  glass: readonly Pt[]; // side windows as one shape, split by pillars
  pillars: readonly (readonly [x: number, width: number])[];
  doors: readonly number[]; // x of the door shut lines
  belt: number; // y of the window sill line
  sill: number; // y of the top of the darker lower panel
  head: readonly Pt[]; // headlight
  tail: readonly Pt[]; // tail light
  cladding: boolean; // black plastic arches and sills (Subaru crossovers)
  rails: boolean; // roof rails
}

// Profiles are kept as compact tables ([x, y, corner radius] per point), hence the format ignores.
// biome-ignore format: compact point table
const sedan: Profile = {
  length: 467, height: 147, wheelR: 33, wheels: [105, 372],
  outline: [[6, 28, 8], [0, 62, 12], [4, 96, 14], [100, 106, 26], [182, 143, 46], [284, 147, 44], [356, 103, 18], [442, 90, 30], [466, 62, 12], [462, 28, 8]],
  glass: [[116, 108, 6], [186, 138, 20], [282, 141, 16], [344, 105, 6]],
  pillars: [[232, 8]], doors: [170, 300], belt: 104, sill: 40,
  head: [[420, 88, 4], [458, 80, 6], [462, 72, 4], [428, 78, 4]],
  tail: [[2, 92, 4], [40, 98, 4], [38, 86, 4], [3, 82, 4]],
  cladding: false, rails: false,
};

// biome-ignore format: compact point table
const hatch: Profile = {
  length: 420, height: 148, wheelR: 31, wheels: [74, 334],
  outline: [[4, 28, 8], [0, 72, 12], [12, 114, 18], [70, 144, 44], [226, 148, 42], [300, 102, 18], [394, 88, 30], [419, 62, 12], [416, 28, 8]],
  glass: [[62, 108, 6], [80, 136, 14], [222, 142, 16], [288, 104, 6]],
  pillars: [[88, 16], [186, 8]], doors: [140, 250], belt: 104, sill: 38,
  head: [[372, 86, 4], [410, 78, 6], [414, 70, 4], [380, 76, 4]],
  tail: [[3, 112, 4], [24, 114, 4], [20, 96, 4], [2, 94, 4]],
  cladding: false, rails: false,
};

// biome-ignore format: compact point table
const suv: Profile = {
  length: 464, height: 170, wheelR: 37, wheels: [105, 372],
  outline: [[4, 42, 8], [0, 88, 12], [8, 146, 16], [34, 165, 26], [296, 170, 40], [356, 124, 18], [446, 112, 30], [464, 84, 12], [460, 42, 8]],
  glass: [[34, 126, 6], [40, 155, 10], [290, 162, 18], [344, 126, 6]],
  pillars: [[90, 14], [208, 8]], doors: [150, 266], belt: 124, sill: 52,
  head: [[422, 110, 4], [456, 102, 6], [460, 94, 4], [428, 98, 4]],
  tail: [[3, 140, 4], [26, 142, 4], [22, 118, 4], [2, 116, 4]],
  cladding: true, rails: true,
};

// biome-ignore format: compact point table
const wagon: Profile = {
  length: 487, height: 158, wheelR: 35, wheels: [117, 392],
  outline: [[4, 34, 8], [0, 78, 12], [6, 134, 16], [30, 152, 24], [312, 158, 42], [372, 114, 18], [466, 102, 30], [486, 76, 12], [482, 34, 8]],
  glass: [[34, 116, 6], [38, 144, 10], [306, 150, 18], [360, 116, 6]],
  pillars: [[96, 14], [220, 8]], doors: [162, 282], belt: 114, sill: 48,
  head: [[444, 100, 4], [478, 92, 6], [482, 84, 4], [450, 88, 4]],
  tail: [[3, 128, 4], [26, 130, 4], [22, 108, 4], [2, 106, 4]],
  cladding: true, rails: true,
};

// biome-ignore format: compact point table
const bakkie: Profile = {
  length: 533, height: 182, wheelR: 38, wheels: [132, 443],
  outline: [[4, 44, 6], [0, 112, 6], [190, 114, 4], [194, 176, 18], [330, 182, 36], [392, 130, 18], [506, 120, 30], [532, 92, 12], [528, 44, 8]],
  glass: [[206, 132, 6], [208, 168, 12], [326, 172, 16], [380, 132, 6]],
  pillars: [[286, 8]], doors: [228, 344], belt: 130, sill: 58,
  head: [[484, 118, 4], [522, 110, 6], [526, 100, 4], [490, 104, 4]],
  tail: [[1, 108, 3], [10, 108, 3], [10, 80, 3], [1, 80, 3]],
  cladding: false, rails: false,
};

// biome-ignore format: compact point table
const coupe: Profile = {
  length: 426, height: 131, wheelR: 32, wheels: [84, 340],
  outline: [[6, 28, 8], [0, 58, 12], [4, 86, 10], [78, 96, 26], [160, 127, 50], [228, 131, 40], [292, 92, 16], [400, 78, 28], [425, 54, 12], [421, 28, 8]],
  glass: [[104, 98, 6], [164, 123, 22], [224, 126, 14], [282, 94, 6]],
  pillars: [[150, 6]], doors: [268], belt: 94, sill: 36,
  head: [[380, 76, 4], [416, 68, 6], [420, 60, 4], [386, 66, 4]],
  tail: [[2, 82, 4], [34, 90, 4], [32, 78, 4], [3, 74, 4]],
  cladding: false, rails: false,
};

export const PROFILES: Record<BodyType, Profile> = { sedan, hatch, suv, wagon, bakkie, coupe };

/** Path of a polygon whose corners are rounded with quadratic curves (y flipped to SVG's down). */
export function roundedPath(points: readonly Pt[]): string {
  const n = points.length;
  const at = (i: number) => points[((i % n) + n) % n] as Pt;
  const f = (v: number) => Math.round(v * 10) / 10;
  let d = '';
  for (let i = 0; i < n; i++) {
    const [x, y, r = 0] = at(i);
    const [px, py] = at(i - 1);
    const [nx, ny] = at(i + 1);
    const lp = Math.hypot(px - x, py - y);
    const ln = Math.hypot(nx - x, ny - y);
    const tp = lp > 0 ? Math.min(r / lp, 0.5) : 0;
    const tn = ln > 0 ? Math.min(r / ln, 0.5) : 0;
    const a = [x + (px - x) * tp, y + (py - y) * tp];
    const b = [x + (nx - x) * tn, y + (ny - y) * tn];
    d += `${i === 0 ? 'M' : 'L'}${f(a[0] ?? 0)},${f(-(a[1] ?? 0))}Q${f(x)},${f(-y)} ${f(b[0] ?? 0)},${f(-(b[1] ?? 0))}`;
  }
  return `${d}Z`;
}
