/**
 * Refuses hostile input before any route sees it, with a 400 that names the problem:
 * malformed percent-encoding (or encoded bytes that are not UTF-8) in the path or query, NUL characters
 * anywhere (PostgreSQL cannot store them in text, and no real value holds one), and JSON bodies nested
 * deeper than MAX_JSON_DEPTH (recursive code such as canonical JSON would overflow the stack).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { problem, statusTitle } from '../hydra.ts';

/** Our deepest real body is two levels; 32 leaves room for any sane client. */
export const MAX_JSON_DEPTH = 32;

const decode = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** The first problem in the path or query string, or null. */
function urlProblem(url: URL): string | null {
  const path = decode(url.pathname);
  if (path === null) return 'path: malformed percent-encoding (or bytes that are not UTF-8).';
  if (path.includes('\0')) return 'path: contains a NUL character.';
  for (const pair of url.search.slice(1).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const name = decode(rawName.replace(/\+/g, ' '));
    const shown = name ?? rawName;
    if (name === null) return `${shown}: malformed percent-encoding in a query parameter name.`;
    if (name.includes('\0'))
      return `${JSON.stringify(name)}: a query parameter name contains a NUL character.`;
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1).replace(/\+/g, ' '));
    if (value === null) return `${shown}: malformed percent-encoding (or bytes that are not UTF-8).`;
    if (value.includes('\0')) return `${shown}: contains a NUL character.`;
  }
  return null;
}

/** Whether the guard refuses this URL's path or query (fast-reads.ts leaves those to it). */
export const hasUrlProblem = (href: string): boolean => urlProblem(new URL(href)) !== null;

/** How deeply arrays and objects nest in JSON text, counted without parsing (so without recursion). */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      depth++;
      if (depth > max) max = depth;
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return max;
}

/** The first problem in a JSON body, or null. Text that is not JSON is left to json-body.ts's 400. */
function jsonBodyProblem(text: string): string | null {
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    return `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels is not accepted.`;
  if (text.includes('\0')) return 'body: contains a NUL character.';
  if (!/\\u0000/i.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  // Walk without recursion; the depth is already bounded, but a flat loop costs nothing.
  const stack: [unknown, string][] = [[value, 'body']];
  while (stack.length) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === 'string') {
      if (node.includes('\0')) return `${path}: contains a NUL character.`;
    } else if (node && typeof node === 'object') {
      for (const [k, child] of Object.entries(node)) {
        if (k.includes('\0')) return `${path}: a property name contains a NUL character.`;
        stack.push([child, path === 'body' ? k : `${path}.${k}`]);
      }
    }
  }
  return null;
}

export function inputGuard(): MiddlewareHandler {
  return async (c: Context, next) => {
    const refuse = (detail: string) => problem(c, 400, statusTitle(400), detail);
    const fromUrl = urlProblem(new URL(c.req.url));
    if (fromUrl) return refuse(fromUrl);
    // The content type first: asking a GET for its body makes @hono/node-server build a full Request.
    if (/json/i.test(c.req.header('content-type') ?? '') && c.req.raw.body) {
      // Hono keeps the text, so the route reads the same body again without a second stream.
      const fromBody = jsonBodyProblem(await c.req.text());
      if (fromBody) return refuse(fromBody);
    }
    await next();
  };
}
