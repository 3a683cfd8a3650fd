/**
 * The other three used-car photos: a symmetrical front (grille and headlights), a rear (tail
 * lights and plate) and the cabin (dashboard, steering wheel on the right as in South Africa).
 * Simpler than the side view, but distinct enough that a listing gallery reads as four shots.
 */
import type { Silhouette } from '../data/common.ts';
import { darken, lighten, luminance } from './colors.ts';
import { PROFILES, type Pt, roundedPath } from './profiles.ts';

const TRIM = '#232528';
const WIDTH: Record<Silhouette, number> = {
  hatch: 176,
  sedan: 182,
  suv: 184,
  wagon: 184,
  bakkie: 190,
  coupe: 178,
  city: 166,
  'small-suv': 178,
  'large-suv': 186,
  jimny: 165,
  mpv: 174,
};

/** Mirror a half-shape (points with x >= 0) into a full symmetrical outline. */
function symmetric(half: readonly Pt[]): Pt[] {
  return [...half, ...[...half].reverse().map(([x, y, r]) => [-x, y, r] as Pt)];
}

/** Left and right copies of one shape drawn on the right-hand side. */
const pair = (shape: string): string => `${shape}<g transform="scale(-1,1)">${shape}</g>`;

interface Frame {
  w: number; // half width
  bottom: number;
  shoulder: number; // top of the lower body (hood or boot line)
  roof: number;
  r: number;
  p: (typeof PROFILES)[Silhouette];
}

function frame(body: Silhouette, end: 'front' | 'rear'): Frame {
  const p = PROFILES[body];
  const lights = end === 'front' ? p.head : p.tail;
  const top = Math.max(...lights.map(([, y]) => y));
  const shoulder = end === 'front' ? top + 10 : body === 'bakkie' ? 112 : Math.min(top + 6, p.belt + 4); // rear glass starts at the belt
  return { w: WIDTH[body] / 2, bottom: (p.outline[0] as Pt)[1], shoulder, roof: p.height, r: p.wheelR, p };
}

/** Shared shell: shadow, tyres, lower body, cabin with glass; returns SVG in cm around x = 0. */
function shell(f: Frame, color: string, glassInset: number, id: string): string {
  const { w, bottom, shoulder, roof, r } = f;
  const edge = darken(color, luminance(color) > 0.75 ? 0.38 : 0.5);
  const body = symmetric([
    [0, bottom - 6, 0],
    [w - 4, bottom - 6, 8],
    [w + 2, shoulder - 14, 16],
    [w - 6, shoulder, 12],
    [0, shoulder + 2, 0],
  ]);
  const cabin = symmetric([
    [0, shoulder - 2, 0],
    [w - 8, shoulder - 2, 6],
    [w - 26, roof - 4, 14],
    [0, roof, 0],
  ]);
  const glass = symmetric([
    [0, shoulder + glassInset, 0],
    [w - 18, shoulder + glassInset, 4],
    [w - 32, roof - 10, 8],
    [0, roof - 8, 0],
  ]);
  return `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(color, luminance(color) < 0.2 ? 0.3 : 0.2)}"/><stop offset=".5" stop-color="${color}"/><stop offset="1" stop-color="${darken(color, 0.3)}"/></linearGradient>
<linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6a7f92"/><stop offset=".6" stop-color="#2b3947"/><stop offset="1" stop-color="#1a232c"/></linearGradient>
<radialGradient id="${id}s"><stop offset="0" stop-color="#000" stop-opacity=".45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
<ellipse cx="0" cy="0" rx="${w * 1.35}" ry="${r * 0.45}" fill="url(#${id}s)"/>
${pair(`<rect x="${w - 30}" y="${-r * 1.2}" width="26" height="${r * 1.2}" rx="6" fill="#1b1c1e"/>`)}
<path d="${roundedPath(cabin)}" fill="url(#${id}b)" stroke="${edge}" stroke-width="1.2"/>
<path d="${roundedPath(glass)}" fill="url(#${id}g)" stroke="${TRIM}" stroke-width="2.5"/>
<path d="${roundedPath(body)}" fill="url(#${id}b)" stroke="${edge}" stroke-width="1.4"/>`;
}

/** Front view with its base centre at (cx, groundY), `height` pixels tall for an SUV. */
export function carFront(
  body: Silhouette,
  color: string,
  cx: number,
  groundY: number,
  height: number,
): string {
  const f = frame(body, 'front');
  const { w, bottom, shoulder } = f;
  const lamp: Pt[] = [
    [w - 6, shoulder - 6, 4],
    [w - 46, shoulder - 12, 4],
    [w - 44, shoulder - 22, 4],
    [w - 10, shoulder - 20, 4],
  ];
  // A Jimny's round lamps; every other car's are swept wedges.
  const headlight = f.p.spare
    ? `<circle cx="${w - 24}" cy="${-(shoulder - 16)}" r="11" fill="#e6edf3" stroke="${TRIM}" stroke-width="3"/>`
    : `<path d="${roundedPath(lamp)}" fill="#e6edf3" stroke="${TRIM}" stroke-width="1.5"/>`;
  const gw = body === 'bakkie' ? 54 : 36;
  const grille = symmetric([
    [0, shoulder - 8, 0],
    [gw, shoulder - 8, 4],
    [gw + 6, shoulder - 22, 4],
    [gw - 6, shoulder - 34, 4],
    [0, shoulder - 34, 0],
  ]);
  const mirror = `<path d="M${w - 6},${-(shoulder + 8)}h14q4,0 4,5v6q0,4-4,4h-14z" fill="${color}" stroke="${TRIM}" stroke-width="1.2"/>`;
  const clad = f.p.cladding
    ? `<rect x="${-w + 2}" y="${-(bottom + 14)}" width="${2 * w - 4}" height="20" rx="6" fill="${TRIM}"/>`
    : '';
  const s = height / PROFILES.suv.height;
  return `<g transform="translate(${cx},${groundY}) scale(${s.toFixed(4)})">${shell(f, color, 4, 'f')}
${pair(mirror)}${pair(headlight)}${clad}
<path d="${roundedPath(grille)}" fill="#1b1d20" stroke="#8e959c" stroke-width="2"/>
<rect x="${-gw + 4}" y="${-(shoulder - 20)}" width="${2 * gw - 8}" height="3" fill="#9aa1a8"/>
<ellipse cx="0" cy="${-(shoulder - 20)}" rx="11" ry="6" fill="#c9ced3" stroke="#6b7278" stroke-width="1"/>
<rect x="${-w * 0.6}" y="${-(bottom + 32)}" width="${w * 1.2}" height="20" rx="8" fill="#16181b"/>
${pair(`<circle cx="${w * 0.74}" cy="${-(bottom + 22)}" r="5" fill="#f2f4f6" stroke="${TRIM}"/>`)}
<rect x="-26" y="${-(bottom + 28)}" width="52" height="12" rx="2" fill="#f4f5f2" stroke="#6b7278" stroke-width="1"/></g>`;
}

/** Rear view with its base centre at (cx, groundY). */
export function carRear(
  body: Silhouette,
  color: string,
  cx: number,
  groundY: number,
  height: number,
): string {
  const f = frame(body, 'rear');
  const { w, bottom, shoulder } = f;
  const lamp = `<path d="${roundedPath([
    [w - 2, shoulder - 2, 4],
    [w - 40, shoulder - 4, 4],
    [w - 40, shoulder - 18, 4],
    [w - 4, shoulder - 22, 4],
  ])}" fill="#b3121c" stroke="#5e0a0f" stroke-width="1.5"/>
<rect x="${w - 34}" y="${-(shoulder - 8)}" width="26" height="3" rx="1.5" fill="#f0646b"/>`;
  const plateY = bottom + (body === 'bakkie' ? 20 : 34);
  const spoiler =
    body !== 'sedan' && body !== 'coupe' && body !== 'bakkie' && body !== 'jimny'
      ? `<rect x="${-w + 30}" y="${-(f.roof + 2)}" width="${2 * w - 60}" height="7" rx="3" fill="${darken(color, 0.2)}"/>`
      : '';
  const exhaust = pair(
    `<ellipse cx="${w * 0.55}" cy="${-(bottom + 4)}" rx="7" ry="4" fill="#3a3d41" stroke="#8e959c"/>`,
  );
  // The spare wheel on a Jimny's side-hinged tailgate.
  const spare = f.p.spare
    ? `<circle cx="-8" cy="${-(shoulder + 30)}" r="${f.r}" fill="#1b1c1e"/><circle cx="-8" cy="${-(shoulder + 30)}" r="${f.r * 0.55}" fill="#2a2d31" stroke="#70767c" stroke-width="3"/>`
    : '';
  const s = height / PROFILES.suv.height;
  return `<g transform="translate(${cx},${groundY}) scale(${s.toFixed(4)})">${shell(f, color, body === 'bakkie' ? 26 : 8, 'r')}
${spoiler}${pair(lamp)}
<rect x="${-w + 6}" y="${-(bottom + 14)}" width="${2 * w - 12}" height="16" rx="6" fill="${f.p.cladding ? TRIM : darken(color, 0.25)}"/>
<rect x="-26" y="${-(plateY + 12)}" width="52" height="12" rx="2" fill="#f4f5f2" stroke="#6b7278" stroke-width="1"/>
<rect x="-12" y="${-(shoulder - 4)}" width="24" height="4" rx="2" fill="#9aa1a8"/>${exhaust}${spare}</g>`;
}

/** The cabin from the back seat: windscreen, dashboard, portrait touchscreen, wheel on the right. */
export function carInterior(color: string, W: number, H: number): string {
  const accent = luminance(color) > 0.8 ? '#9aa1a8' : color;
  const u = W / 100; // work in percent of the width
  const wheelX = 72 * u;
  const wheelY = H * 0.64;
  const wr = 15 * u;
  return `<defs><linearGradient id="isky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fc3de"/><stop offset=".7" stop-color="#d9e7f0"/><stop offset="1" stop-color="#b9b49a"/></linearGradient>
<linearGradient id="idash" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a3d42"/><stop offset="1" stop-color="#141517"/></linearGradient>
<linearGradient id="iscreen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d3b5e"/><stop offset="1" stop-color="#0c1624"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#isky)"/>
<path d="M${-2 * u},${H * 0.52}L${35 * u},${H * 0.47}L${62 * u},${H * 0.47}L${102 * u},${H * 0.53}V${H * 0.55}H${-2 * u}z" fill="#7f8a6a" opacity=".6"/>
<path d="M0,0H${14 * u}L${4 * u},${H * 0.5}H0z M${W},0H${W - 14 * u}L${W - 4 * u},${H * 0.5}H${W}z" fill="#1c1d20"/>
<rect width="${W}" height="${H * 0.06}" fill="#2a2c30"/>
<path d="M0,${H * 0.5}Q${50 * u},${H * 0.4} ${W},${H * 0.5}V${H}H0z" fill="url(#idash)"/>
<path d="M0,${H * 0.62}Q${50 * u},${H * 0.54} ${W},${H * 0.62}" stroke="${accent}" stroke-width="${0.6 * u}" fill="none"/>
<path d="M0,${H * 0.64}Q${50 * u},${H * 0.56} ${W},${H * 0.64}" stroke="#8e959c" stroke-width="${0.4 * u}" fill="none" opacity=".7"/>
<rect x="${40 * u}" y="${H * 0.5}" width="${16 * u}" height="${H * 0.34}" rx="${1.2 * u}" fill="url(#iscreen)" stroke="#0a0b0c" stroke-width="${0.6 * u}"/>
<rect x="${42 * u}" y="${H * 0.54}" width="${12 * u}" height="${H * 0.1}" rx="${0.6 * u}" fill="#2f6aa3" opacity=".8"/>
<rect x="${42 * u}" y="${H * 0.67}" width="${5.5 * u}" height="${H * 0.06}" rx="${0.5 * u}" fill="#3d4a58"/>
<rect x="${48.5 * u}" y="${H * 0.67}" width="${5.5 * u}" height="${H * 0.06}" rx="${0.5 * u}" fill="#3d4a58"/>
<rect x="${42 * u}" y="${H * 0.75}" width="${12 * u}" height="${H * 0.05}" rx="${0.5 * u}" fill="#3d4a58"/>
${[20, 90].map((x) => `<rect x="${(x - 5) * u}" y="${H * 0.52}" width="${10 * u}" height="${H * 0.05}" rx="${1 * u}" fill="#0e0f11" stroke="#6b7278" stroke-width="${0.3 * u}"/>`).join('')}
<ellipse cx="${wheelX}" cy="${wheelY - wr * 0.55}" rx="${wr * 0.9}" ry="${wr * 0.35}" fill="#0c0d0f"/>
${[-0.35, 0.35].map((d) => `<circle cx="${wheelX + d * wr}" cy="${wheelY - wr * 0.55}" r="${wr * 0.22}" fill="#15171a" stroke="${accent}" stroke-width="${0.3 * u}"/>`).join('')}
<circle cx="${wheelX}" cy="${wheelY}" r="${wr}" fill="none" stroke="#111214" stroke-width="${3.2 * u}"/>
<path d="M${wheelX - wr},${wheelY}H${wheelX + wr}M${wheelX},${wheelY}V${wheelY + wr}" stroke="#1d1f22" stroke-width="${2.6 * u}"/>
<circle cx="${wheelX}" cy="${wheelY}" r="${wr * 0.32}" fill="#24272b"/>
<ellipse cx="${wheelX}" cy="${wheelY}" rx="${wr * 0.14}" ry="${wr * 0.09}" fill="#c9ced3"/>
<path d="M${8 * u},${H}Q${10 * u},${H * 0.8} ${22 * u},${H * 0.8}T${36 * u},${H}z M${W - 8 * u},${H}Q${W - 10 * u},${H * 0.86} ${W - 20 * u},${H * 0.86}T${W - 32 * u},${H}z" fill="#1a1b1e"/>`;
}
