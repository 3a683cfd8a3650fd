/**
 * Side profiles of the six body types and of the models shaped unlike their type, measured in
 * centimetres from the rear bumper (x) and the ground (y, upwards), close to real cars of each kind
 * (Impreza, WRX, Forester, Outback, Hilux double cab, BRZ; Swift, T-Cross, Fortuner, Jimny, Ertiga). Real proportions are what make a few flat shapes read as "a car".
 * Each outline point carries the corner radius used when the polygon is rounded.
 */
import type { Silhouette } from '../data/common.ts';

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
  spare?: boolean; // spare wheel on the tailgate
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

// A city hatch (Swift, Picanto, Kwid, Polo Vivo): short, tall for its length, small wheels.
// biome-ignore format: compact point table
const city: Profile = {
  length: 370, height: 150, wheelR: 29, wheels: [62, 302],
  outline: [[4, 30, 8], [0, 74, 12], [8, 120, 16], [50, 146, 36], [200, 150, 36], [262, 104, 16], [346, 92, 26], [369, 66, 12], [366, 30, 8]],
  glass: [[48, 110, 6], [64, 138, 12], [196, 144, 14], [252, 106, 6]],
  pillars: [[76, 14], [160, 8]], doors: [118, 222], belt: 106, sill: 36,
  head: [[326, 90, 4], [360, 82, 6], [364, 74, 4], [332, 80, 4]],
  tail: [[3, 118, 4], [20, 120, 4], [18, 100, 4], [2, 98, 4]],
  cladding: false, rails: false,
};

// A small crossover (T-Cross, Magnite, Creta, Jolion, Duster): short overhangs, upright tail.
// biome-ignore format: compact point table
const smallSuv: Profile = {
  length: 411, height: 158, wheelR: 34, wheels: [80, 335],
  outline: [[4, 40, 8], [0, 84, 12], [8, 138, 16], [30, 154, 24], [270, 158, 38], [322, 116, 18], [392, 104, 28], [410, 78, 12], [406, 40, 8]],
  glass: [[32, 118, 6], [38, 146, 10], [264, 150, 18], [312, 118, 6]],
  pillars: [[84, 14], [190, 8]], doors: [140, 245], belt: 116, sill: 50,
  head: [[372, 102, 4], [404, 94, 6], [408, 86, 4], [378, 90, 4]],
  tail: [[3, 132, 4], [24, 134, 4], [20, 112, 4], [2, 110, 4]],
  cladding: true, rails: true,
};

// A seven-seat body-on-frame SUV (Fortuner, Everest): long, tall and square, big wheels.
// biome-ignore format: compact point table
const largeSuv: Profile = {
  length: 480, height: 183, wheelR: 39, wheels: [108, 383],
  outline: [[4, 46, 8], [0, 96, 10], [6, 160, 12], [22, 178, 18], [330, 183, 30], [378, 132, 16], [458, 122, 26], [478, 92, 12], [474, 46, 8]],
  glass: [[26, 136, 6], [30, 168, 8], [324, 174, 14], [368, 134, 6]],
  pillars: [[96, 16], [226, 10]], doors: [168, 290], belt: 134, sill: 58,
  head: [[436, 118, 4], [470, 110, 6], [474, 100, 4], [442, 104, 4]],
  tail: [[3, 150, 4], [22, 152, 4], [20, 124, 4], [2, 122, 4]],
  cladding: true, rails: true,
};

// Suzuki Jimny: a short upright box, flat roof, near-vertical windscreen, one door, spare wheel on the back.
// biome-ignore format: compact point table
const jimny: Profile = {
  length: 365, height: 172, wheelR: 36, wheels: [76, 301],
  outline: [[6, 44, 6], [2, 100, 6], [4, 164, 8], [14, 172, 10], [232, 172, 10], [262, 120, 8], [352, 114, 12], [362, 90, 8], [360, 44, 6]],
  glass: [[18, 124, 4], [18, 162, 4], [228, 164, 6], [254, 124, 4]],
  pillars: [[62, 30]], doors: [96], belt: 124, sill: 50,
  head: [[338, 112, 8], [356, 110, 8], [357, 94, 8], [339, 94, 8]],
  tail: [[2, 72, 3], [10, 72, 3], [10, 52, 3], [2, 52, 3]],
  cladding: true, rails: false, spare: true,
};

// A people carrier (Ertiga, Avanza): long glasshouse with three side windows, short bonnet.
// biome-ignore format: compact point table
const mpv: Profile = {
  length: 439, height: 169, wheelR: 32, wheels: [76, 350],
  outline: [[4, 34, 8], [0, 80, 12], [6, 142, 14], [26, 164, 22], [300, 169, 40], [356, 118, 16], [420, 104, 26], [438, 76, 12], [434, 34, 8]],
  glass: [[24, 120, 6], [30, 156, 8], [294, 160, 16], [346, 120, 6]],
  pillars: [[70, 12], [170, 10], [262, 6]], doors: [140, 250], belt: 118, sill: 44,
  head: [[400, 102, 4], [432, 94, 6], [436, 86, 4], [406, 90, 4]],
  tail: [[3, 136, 4], [22, 138, 4], [18, 114, 4], [2, 112, 4]],
  cladding: false, rails: true,
};

export const PROFILES: Record<Silhouette, Profile> = {
  sedan,
  hatch,
  suv,
  wagon,
  bakkie,
  coupe,
  city,
  'small-suv': smallSuv,
  'large-suv': largeSuv,
  jimny,
  mpv,
};

/** The longest body drawn; studio shots scale every car against it, so a Jimny looks small beside a Hilux. */
export const LONGEST = Math.max(...Object.values(PROFILES).map((p) => p.length));

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
