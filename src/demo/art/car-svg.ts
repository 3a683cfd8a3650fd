/**
 * Flat-style side-profile car drawings. One function draws any body type from its profile
 * (profiles.ts) in a given paint colour; carSvg() wraps one car view in a studio backdrop,
 * which is what the new-range and used-car photos show. No text: fonts differ per machine.
 */
import type { Silhouette } from '../data/common.ts';
import { carFront, carInterior, carRear } from './car-views.ts';
import { darken, lighten, luminance, mix } from './colors.ts';
import { LONGEST, PROFILES, type Pt, roundedPath } from './profiles.ts';
import type { CarView } from './types.ts';

const TYRE = '#1b1c1e';
const TRIM = '#232528';

/** A wheel at (cx, -r): tyre, dark inner rim, five silver spokes and a hub. */
function wheel(cx: number, r: number, id: string): string {
  const cy = -r;
  const spokes = [0, 72, 144, 216, 288]
    .map((a) => `<line x1="0" y1="${-r * 0.12}" x2="0" y2="${-r * 0.6}" transform="rotate(${a + 18})"/>`)
    .join('');
  return `<g transform="translate(${cx},${cy})">
<circle r="${r}" fill="${TYRE}"/><circle r="${r * 0.86}" fill="none" stroke="#2e3034" stroke-width="${r * 0.05}"/>
<circle r="${r * 0.66}" fill="url(#${id}rim)"/><circle r="${r * 0.6}" fill="#2a2d31"/>
<circle r="${r * 0.42}" fill="#70767c"/>
<g stroke="#c9ced3" stroke-width="${r * 0.13}" stroke-linecap="round">${spokes}</g>
<circle r="${r * 0.15}" fill="#9aa1a8"/><circle r="${r * 0.05}" fill="#4a4f55"/></g>`;
}

const poly = (pts: readonly Pt[], attrs: string): string => `<path d="${roundedPath(pts)}" ${attrs}/>`;

/**
 * The car as an SVG group in centimetres: origin at the rear bumper on the ground, x to the
 * front (right), y up (drawn negative). `id` prefixes the gradient and clip ids.
 */
function carSide(body: Silhouette, color: string, id = 'c'): string {
  const p = PROFILES[body];
  const [rearX, frontX] = p.wheels;
  const r = p.wheelR;
  const outline = roundedPath(p.outline);
  // Very dark paints get a lighter top so the shape still reads; very light ones a grey edge.
  const top = lighten(color, luminance(color) < 0.2 ? 0.32 : 0.22);
  const edge = darken(color, luminance(color) > 0.75 ? 0.38 : 0.5);
  const lower = p.cladding ? TRIM : darken(color, 0.2);
  const wells = [rearX, frontX].map((x) => `<circle cx="${x}" cy="${-r}" r="${r * 1.16}"/>`).join('');
  const arches = p.cladding
    ? [rearX, frontX].map((x) => `<circle cx="${x}" cy="${-r}" r="${r * 1.26}" fill="${TRIM}"/>`).join('')
    : '';
  const g0 = p.glass[0] as Pt;
  const gEnd = p.glass[p.glass.length - 1] as Pt;
  const roofY = p.height;
  const bottom = (p.outline[0] as Pt)[1];
  const L = p.length;
  const pillars = p.pillars
    .map(([x, w]) => `<rect x="${x}" y="${-roofY}" width="${w}" height="${roofY}"/>`)
    .join('');
  const doors = p.doors
    .map(
      (x) =>
        `<path d="M${x},${-(p.belt - 2)}L${x - 3},${-(bottom + 8)}" stroke="${darken(color, 0.35)}" stroke-width="1.4" fill="none"/>` +
        `<rect x="${x + 18}" y="${-(p.belt - 12)}" width="16" height="4" rx="2" fill="${darken(color, 0.3)}"/>`,
    )
    .join('');
  const rails = p.rails
    ? `<rect x="${(p.glass[1] as Pt)[0] + 6}" y="${-(roofY + 5)}" width="${(p.glass[2] as Pt)[0] - (p.glass[1] as Pt)[0] - 30}" height="6" rx="3" fill="${TRIM}"/>`
    : '';
  // Jimny-style spare wheel on the tailgate, seen edge-on behind the rear bumper.
  const spare = p.spare
    ? `<rect x="-14" y="${-(p.belt + 34)}" width="20" height="${r * 2}" rx="7" fill="${TYRE}"/><rect x="-16" y="${-(p.belt + 4)}" width="6" height="${r * 2 - 60}" rx="3" fill="${TRIM}"/>`
    : '';
  return `<defs>
<linearGradient id="${id}body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset=".45" stop-color="${color}"/><stop offset="1" stop-color="${darken(color, 0.28)}"/></linearGradient>
<linearGradient id="${id}glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5f7487"/><stop offset=".55" stop-color="#2b3947"/><stop offset="1" stop-color="#1a232c"/></linearGradient>
<linearGradient id="${id}rim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e3e7ea"/><stop offset="1" stop-color="#8c939a"/></linearGradient>
<radialGradient id="${id}shadow"><stop offset="0" stop-color="#000" stop-opacity=".42"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<clipPath id="${id}clip"><path d="${outline}"/></clipPath>
<clipPath id="${id}gclip"><path d="${roundedPath(p.glass)}"/></clipPath>
</defs>
<ellipse cx="${L / 2}" cy="0" rx="${L * 0.58}" ry="${r * 0.42}" fill="url(#${id}shadow)"/>
${rails}${spare}
<path d="${outline}" fill="url(#${id}body)"/>
<g clip-path="url(#${id}clip)">
<rect x="-10" y="${-p.sill}" width="${L + 20}" height="${p.sill + 10}" fill="${lower}"/>
<path d="M0,${-(p.belt - 18)}L${L},${-(p.belt - 24)}" stroke="${lighten(color, 0.35)}" stroke-opacity=".55" stroke-width="2" fill="none"/>
<path d="M0,${-(p.belt - 21)}L${L},${-(p.belt - 27)}" stroke="${darken(color, 0.25)}" stroke-opacity=".5" stroke-width="1.5" fill="none"/>
${doors}${arches}<g fill="#101113">${wells}</g>
<rect x="${L - 30}" y="${-(bottom + 18)}" width="40" height="12" rx="4" fill="${TRIM}"/>
</g>
<path d="${outline}" fill="none" stroke="${edge}" stroke-width="1.6"/>
${poly(p.glass, `fill="url(#${id}glass)" stroke="${TRIM}" stroke-width="3"`)}
<g clip-path="url(#${id}gclip)"><g fill="#121417">${pillars}</g>
<path d="M${g0[0] + 40},${-g0[1]}l40,${-(roofY - g0[1])}h22l-40,${roofY - g0[1]}z" fill="#fff" fill-opacity=".12"/></g>
<path d="M${gEnd[0] - 10},${-(p.belt + 2)}q14,-2 18,8l-2,6h-16z" fill="${mix(color, '#000000', 0.1)}" stroke="${edge}" stroke-width="1"/>
${poly(p.head, `fill="#e6edf3" stroke="${darken(color, 0.5)}" stroke-width="1.2"`)}
${poly(p.tail, 'fill="#b3121c" stroke="#5e0a0f" stroke-width="1.2"')}
${wheel(rearX, r, id)}${wheel(frontX, r, id)}`;
}

/** Soft grey studio: a wall gradient, a floor and a light pool behind the car. */
function studio(width: number, height: number, floorAt: number): string {
  return `<defs><linearGradient id="swall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f6f8"/><stop offset="1" stop-color="#dde2e7"/></linearGradient>
<linearGradient id="sfloor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfd5db"/><stop offset="1" stop-color="#eef1f4"/></linearGradient>
<radialGradient id="sspot" cx=".5" cy=".55" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#swall)"/>
<rect y="${floorAt}" width="${width}" height="${height - floorAt}" fill="url(#sfloor)"/>
<rect width="${width}" height="${height}" fill="url(#sspot)"/>`;
}

/** A side-view car scaled to `carWidth` with its rear wheel line at (x, groundY). */
export function placeCar(
  body: Silhouette,
  color: string,
  x: number,
  groundY: number,
  carWidth: number,
  id = 'c',
): string {
  const s = carWidth / PROFILES[body].length;
  return `<g transform="translate(${x.toFixed(1)},${groundY.toFixed(1)}) scale(${s.toFixed(4)})">${carSide(body, color, id)}</g>`;
}

/** A complete SVG: one car view in the studio, at the requested output size. */
export function carSvg(opts: {
  body: Silhouette;
  color: string;
  view: CarView;
  width: number;
  height: number;
}): string {
  const { body, color, view, width: W, height: H } = opts;
  let content: string;
  if (view === 'interior') content = carInterior(color, W, H);
  else {
    const floor = H * 0.72;
    // One scale for every car (the longest fills 86 % of the frame), so small cars look small.
    const sideWidth = (W * 0.86 * PROFILES[body].length) / LONGEST;
    const art =
      view === 'side'
        ? placeCar(body, color, (W - sideWidth) / 2, H * 0.82, sideWidth)
        : view === 'front'
          ? carFront(body, color, W / 2, H * 0.86, H * 0.62)
          : carRear(body, color, W / 2, H * 0.86, H * 0.62);
    content = studio(W, H, floor) + art;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${content}</svg>`;
}
