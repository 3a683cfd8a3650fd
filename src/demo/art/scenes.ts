/**
 * Landscape artwork for galleries, banners, blog posts and specials: South African settings
 * (Drakensberg at dusk, a coastal road, a gravel farm road with acacias, a city at dusk with a
 * Hillbrow-style tower, Table Mountain, a service workshop) with a car on the road. Ridges and
 * windows come from a seeded PRNG, so each image differs yet is the same on every run.
 */
import type { Silhouette } from '../data/common.ts';
import { createRng, type Rng } from '../random.ts';
import { placeCar } from './car-svg.ts';
import { PROFILES } from './profiles.ts';
import type { SceneName } from './types.ts';

const f = (n: number): string => n.toFixed(1);

function gradient(id: string, stops: readonly string[], horizontal = false): string {
  const end = horizontal ? 'x2="1" y2="0"' : 'x2="0" y2="1"';
  const s = stops
    .map((c, i) => `<stop offset="${i / Math.max(stops.length - 1, 1)}" stop-color="${c}"/>`)
    .join('');
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}>${s}</linearGradient>`;
}

/** A mountain ridge across the width: a smoothed random walk, optionally flat-topped. */
function ridge(
  rng: Rng,
  W: number,
  H: number,
  base: number,
  amp: number,
  fill: string,
  flat = false,
): string {
  const steps = flat ? 10 : 7;
  const pts = Array.from(
    { length: steps + 1 },
    (_, i) => [(W * i) / steps, base - amp * rng.next()] as const,
  );
  let d = `M0,${f(H)}L0,${f(pts[0]?.[1] ?? base)}`;
  pts.slice(1).forEach(([x, y], i) => {
    const [px, py] = pts[i] ?? [0, base];
    // Escarpment: hold the previous height as a plateau, then drop or climb in a steep cliff
    // (Drakensberg); otherwise rolling hills through the midpoints.
    d += flat
      ? `L${f(px + (x - px) * 0.45)},${f(py)}L${f(x)},${f(y)}`
      : `Q${f(px)},${f(py)} ${f((px + x) / 2)},${f((py + y) / 2)}`;
  });
  return `<path d="${d}L${f(W)},${f(pts[steps]?.[1] ?? base)}L${f(W)},${f(H)}Z" fill="${fill}"/>`;
}

function road(W: number, H: number, top: number, surface: string, line: string | null): string {
  const dashes = line
    ? Array.from(
        { length: 12 },
        (_, i) =>
          `<rect x="${f((W * i) / 12 + 10)}" y="${f(top + (H - top) * 0.55)}" width="${f(W / 24)}" height="${f(Math.max(2, H * 0.008))}" fill="${line}"/>`,
      ).join('')
    : '';
  return `<rect y="${f(top)}" width="${W}" height="${f(H - top)}" fill="${surface}"/>${dashes}`;
}

function acacia(x: number, ground: number, s: number, fill: string): string {
  return `<path d="M${f(x)},${f(ground)}l${f(s * 0.06)},${f(-s * 0.55)}l${f(-s * 0.25)},${f(-s * 0.2)}m${f(s * 0.25)},${f(s * 0.2)}l${f(s * 0.22)},${f(-s * 0.22)}" stroke="${fill}" stroke-width="${f(s * 0.05)}" fill="none"/>
<ellipse cx="${f(x + s * 0.02)}" cy="${f(ground - s * 0.78)}" rx="${f(s * 0.55)}" ry="${f(s * 0.13)}" fill="${fill}"/>`;
}

function skyline(rng: Rng, W: number, ground: number, H: number): string {
  let out = '';
  let x = 0;
  while (x < W) {
    const w = W * (0.03 + rng.next() * 0.05);
    const h = H * (0.12 + rng.next() * 0.3);
    out += `<rect x="${f(x)}" y="${f(ground - h)}" width="${f(w)}" height="${f(h)}" fill="#1f2438"/>`;
    for (let wy = ground - h + 8; wy < ground - 10; wy += H * 0.03) {
      for (let wx = x + 5; wx < x + w - 8; wx += W * 0.012) {
        if (rng.chance(0.3))
          out += `<rect x="${f(wx)}" y="${f(wy)}" width="${f(W * 0.005)}" height="${f(H * 0.012)}" fill="#f6c96b" opacity=".8"/>`;
      }
    }
    x += w + W * 0.004;
  }
  // A tall telecom tower with a pod, the way Hillbrow's tower marks Johannesburg's skyline.
  const tx = W * 0.28;
  return `${out}<rect x="${f(tx)}" y="${f(ground - H * 0.62)}" width="${f(W * 0.012)}" height="${f(H * 0.62)}" fill="#1a1e30"/>
<rect x="${f(tx - W * 0.012)}" y="${f(ground - H * 0.56)}" width="${f(W * 0.036)}" height="${f(H * 0.07)}" rx="${f(W * 0.004)}" fill="#1a1e30"/>`;
}

/** Backdrop and road for a scene; returns the ground line the car stands on. */
function backdrop(scene: SceneName, rng: Rng, W: number, H: number): { svg: string; ground: number } {
  const horizon = H * 0.62;
  const ground = H * 0.86;
  const defs = (g: string) => `<defs>${g}</defs>`;
  switch (scene) {
    case 'mountain-dusk':
      return {
        ground,
        svg:
          defs(gradient('sky', ['#27345f', '#8a5a7a', '#f28c55', '#ffd29a'])) +
          `<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="${f(W * 0.72)}" cy="${f(horizon * 0.42)}" r="${f(H * 0.06)}" fill="#ffe2a8"/>` +
          ridge(rng, W, H, horizon * 0.8, H * 0.28, '#6d5a86', true) +
          ridge(rng, W, H, horizon, H * 0.22, '#4a4066', true) +
          ridge(rng, W, H, horizon * 1.12, H * 0.12, '#2f3146') +
          road(W, H, ground - H * 0.04, '#2c2d33', '#e8d9a8'),
      };
    case 'coastal':
      return {
        ground,
        svg:
          defs(gradient('sky', ['#5fa8e0', '#cfe6f5']) + gradient('sea', ['#2f86bd', '#17507a'])) +
          `<rect width="${W}" height="${H}" fill="url(#sky)"/><rect y="${f(horizon * 0.9)}" width="${W}" height="${f(H)}" fill="url(#sea)"/>` +
          `<path d="M${f(W * 0.55)},${f(horizon * 0.9)}Q${f(W * 0.75)},${f(horizon * 0.62)} ${f(W * 1.02)},${f(horizon * 0.7)}V${f(horizon * 0.9)}Z" fill="#6d8f7a"/>` +
          ridge(rng, W * 0.45, H, horizon * 1.02, H * 0.22, '#4f7a4a') +
          road(W, H, ground - H * 0.04, '#3a3b40', '#f2f2f2'),
      };
    case 'gravel': {
      const trees = [0.08, 0.22, 0.78, 0.93]
        .map((x) => acacia(W * x, horizon * 1.08, H * (0.18 + rng.next() * 0.1), '#5b4a32'))
        .join('');
      return {
        ground,
        svg:
          defs(gradient('sky', ['#7fb8e3', '#f3e3c0'])) +
          `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
          ridge(rng, W, H, horizon * 0.98, H * 0.1, '#a89a7c') +
          `<rect y="${f(horizon)}" width="${W}" height="${f(H)}" fill="#c8a65a"/>` +
          trees +
          road(W, H, ground - H * 0.05, '#b48a5c', null) +
          [0.2, 0.3, 0.38]
            .map(
              (x, i) =>
                `<ellipse cx="${f(W * x)}" cy="${f(ground - H * 0.05)}" rx="${f(W * (0.06 + i * 0.02))}" ry="${f(H * 0.05)}" fill="#ead9b8" opacity=".55"/>`,
            )
            .join(''),
      };
    }
    case 'city':
      return {
        ground,
        svg:
          defs(gradient('sky', ['#1d2b4f', '#6a5d8c', '#f0a36b'])) +
          `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
          skyline(rng, W, ground - H * 0.04, H) +
          road(W, H, ground - H * 0.04, '#26272d', '#f2f2f2'),
      };
    case 'table-mountain': {
      const base = horizon * 0.95;
      const m = `M0,${f(base)}L${f(W * 0.1)},${f(base - H * 0.18)}L${f(W * 0.18)},${f(base - H * 0.3)}L${f(W * 0.24)},${f(base - H * 0.32)}L${f(W * 0.64)},${f(base - H * 0.33)}L${f(W * 0.7)},${f(base - H * 0.2)}L${f(W * 0.8)},${f(base - H * 0.12)}Q${f(W * 0.86)},${f(base - H * 0.3)} ${f(W * 0.9)},${f(base - H * 0.12)}L${f(W)},${f(base - H * 0.05)}V${f(base)}Z`;
      return {
        ground,
        svg:
          defs(gradient('sky', ['#6fb2e6', '#e3f1fa']) + gradient('sea', ['#3a8fc2', '#1e6391'])) +
          `<rect width="${W}" height="${H}" fill="url(#sky)"/><path d="${m}" fill="#5e6f78"/>` +
          `<rect y="${f(base)}" width="${W}" height="${f(H)}" fill="url(#sea)"/>` +
          road(W, H, ground - H * 0.05, '#37383d', '#f2f2f2'),
      };
    }
    case 'workshop': {
      const doors = Array.from(
        { length: 8 },
        (_, i) =>
          `<rect x="${f(W * 0.08)}" y="${f(H * (0.1 + i * 0.06))}" width="${f(W * 0.84)}" height="${f(H * 0.05)}" fill="#c9ced3"/>`,
      ).join('');
      const tyres = [0, 1, 2]
        .map(
          (i) =>
            `<ellipse cx="${f(W * 0.9)}" cy="${f(ground - H * (0.04 + i * 0.07))}" rx="${f(W * 0.06)}" ry="${f(H * 0.035)}" fill="#1b1c1e" stroke="#3a3d41" stroke-width="3"/>`,
        )
        .join('');
      return {
        ground,
        svg:
          defs(gradient('floor', ['#8f989f', '#c2c8cd'])) +
          `<rect width="${W}" height="${H}" fill="#e4e8eb"/>${doors}` +
          `<rect y="${f(H * 0.6)}" width="${W}" height="${f(H * 0.04)}" fill="#0368b4"/><rect y="${f(H * 0.64)}" width="${W}" height="${f(H)}" fill="url(#floor)"/>${tyres}`,
      };
    }
  }
}

/** A full SVG scene at the requested size, with an optional car on the road. */
export function sceneSvg(opts: {
  scene: SceneName;
  body: Silhouette | null;
  color: string;
  seed: number;
  width: number;
  height: number;
}): string {
  const { scene, body, color, width: W, height: H } = opts;
  const rng = createRng(opts.seed);
  const { svg, ground } = backdrop(scene, rng, W, H);
  let car = '';
  if (body) {
    // Under half the frame wide and ~0.2 of its height tall, leaving room for an overlaid title.
    const width = Math.min(W * 0.44, (H * 0.6 * PROFILES[body].length) / PROFILES[body].height);
    const x = scene === 'workshop' ? W * 0.14 : W * 0.52 - width / 2 + W * 0.1;
    car = placeCar(body, color, x, ground, width);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${svg}${car}</svg>`;
}
