/**
 * Who is calling, and may they (docs/decisions/061-machine-access.md). A request is one of:
 * - a staff member, by the better-auth session cookie: the scopes of their role;
 * - an integration, by `Authorization: Bearer sdgk_…` (an API key): the key's scopes;
 * - the deprecated EDITOR_TOKEN bearer: content and builds, as before API keys existed.
 * requireScope answers 401 without credentials (or with wrong ones) and 403 when the caller lacks
 * the scope. A cookie-authenticated write must come from our own origin (CSRF).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { isStaffRole, ROLE_SCOPES, type Scope } from '../../domain/staff-access.ts';
import type { Deps } from '../deps.ts';
import { bearerToken, constantTimeEqual } from '../http/secrets.ts';
import { problem } from '../hydra.ts';
import { KEY_PREFIX, verifyApiKey } from './api-keys.ts';
import { staffAuth } from './staff-auth.ts';
import { TWO_FACTOR_REQUIRED_MESSAGE, twoFactorRequired } from './two-factor.ts';

export type Principal =
  | {
      type: 'staff';
      id: string;
      email: string;
      name: string;
      role: string;
      scopes: readonly Scope[];
      /** A dealer user's dealership slugs. */
      dealers: string[];
      /** The better-auth session this request came with. */
      sessionId: string;
      /** Their role needs two-factor sign-in (STAFF_2FA) and they have not set it up: only enrolment is open. */
      twoFactorPending: boolean;
    }
  | { type: 'key'; id: string; name: string; scopes: readonly Scope[] }
  | { type: 'token'; scopes: readonly Scope[] };

/** What the deprecated EDITOR_TOKEN may do: exactly what it guarded before staff accounts (photos included). */
const EDITOR_TOKEN_SCOPES: readonly Scope[] = [
  'content:write',
  'builds:publish',
  'leads:read',
  'stock:write',
];

type Resolved = Principal | { invalid: string } | null;

/** A machine's secret: an API key, or the deprecated EDITOR_TOKEN. */
export async function principalForSecret(
  deps: Deps,
  secret: string,
): Promise<Principal | { invalid: string }> {
  if (secret.startsWith(KEY_PREFIX)) {
    const key = await verifyApiKey(deps.db, secret);
    if (!key) return { invalid: 'The API key is unknown, revoked or expired.' };
    return { type: 'key', id: key.id, name: key.name, scopes: JSON.parse(key.scopes) as Scope[] };
  }
  const token = deps.config.publishing.editorToken;
  if (token && constantTimeEqual(secret, token)) return { type: 'token', scopes: EDITOR_TOKEN_SCOPES };
  return { invalid: 'The bearer token is not a valid API key.' };
}

export async function resolvePrincipal(c: Context, deps: Deps): Promise<Resolved> {
  const bearer = bearerToken(c);
  if (bearer) return principalForSecret(deps, bearer);
  if (!/(^|;\s*)(__Secure-)?sdg_admin\./.test(c.req.header('Cookie') ?? '')) return null;
  const session = await staffAuth(deps).api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { role?: string | null; twoFactorEnabled?: boolean | null };
  const role = u.role ?? '';
  await touchSession(deps, session.session.id);
  const twoFactorPending = twoFactorRequired(role, deps.config.staff.twoFactor) && !u.twoFactorEnabled;
  const dealers =
    role === 'dealer'
      ? (
          await deps.db
            .selectFrom('staff_dealers')
            .select('dealer_slug')
            .where('staff_id', '=', u.id)
            .execute()
        ).map((r) => r.dealer_slug)
      : [];
  return {
    type: 'staff',
    id: u.id,
    email: u.email,
    name: u.name,
    role,
    // Until a required second factor is set up the role grants nothing (previews included).
    scopes: isStaffRole(role) && !twoFactorPending ? ROLE_SCOPES[role] : [],
    dealers,
    sessionId: session.session.id,
    twoFactorPending,
  };
}

/** When this process last wrote each session's last_seen_at: at most one write a minute per session. */
const touched = new Map<string, number>();
const TOUCH_EVERY_MS = 60_000;

async function touchSession(deps: Deps, sessionId: string) {
  const now = Date.now();
  if (now - (touched.get(sessionId) ?? 0) < TOUCH_EVERY_MS) return;
  if (touched.size > 10_000) touched.clear();
  touched.set(sessionId, now);
  await deps.db
    .updateTable('staff_session')
    .set({ last_seen_at: new Date(now).toISOString() })
    .where('id', '=', sessionId)
    .execute();
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A cookie-authenticated write must say it comes from our own pages (Origin, or Fetch Metadata). */
function sameOrigin(c: Context, siteUrl: string): boolean {
  const origin = c.req.header('Origin');
  if (origin) return origin === new URL(c.req.url).origin || origin === new URL(siteUrl).origin;
  return c.req.header('Sec-Fetch-Site') === 'same-origin';
}

function unauthorized(c: Context, detail: string, invalid = false) {
  c.header(
    'WWW-Authenticate',
    invalid ? 'Bearer realm="editor", error="invalid_token"' : 'Bearer realm="editor"',
  );
  c.header('Cache-Control', 'no-store');
  return problem(c, 401, 'Unauthorized', detail);
}

/**
 * Guards a route group; the principal is then `c.get('principal')`. Responses are never cached. Without a
 * scope, any signed-in staff member passes (their own account), even one who still has to enrol in
 * two-factor sign-in; with one (or several: any one of them), such a member is refused until they have.
 */
export function requireScope(deps: Deps, scope: Scope | Scope[] | null): MiddlewareHandler {
  const any = scope === null ? null : Array.isArray(scope) ? scope : [scope];
  return async (c, next) => {
    const p = await resolvePrincipal(c, deps);
    if (!p) return unauthorized(c, 'Sign in at /admin, or send an API key: Authorization: Bearer <key>.');
    if ('invalid' in p) return unauthorized(c, p.invalid, true);
    if (p.type === 'staff' && !SAFE.has(c.req.method) && !sameOrigin(c, deps.config.siteUrl)) {
      c.header('Cache-Control', 'no-store');
      return problem(c, 403, 'Forbidden', 'This request did not come from the admin (Origin check).');
    }
    if (scope === null && p.type !== 'staff') {
      c.header('Cache-Control', 'no-store');
      return problem(
        c,
        403,
        'Forbidden',
        'Only a signed-in staff member has an account here; API keys do not.',
      );
    }
    if (p.type === 'staff' && p.twoFactorPending && scope !== null) {
      c.header('Cache-Control', 'no-store');
      return problem(c, 403, 'Forbidden', TWO_FACTOR_REQUIRED_MESSAGE);
    }
    if (any !== null && !any.some((s) => p.scopes.includes(s))) {
      c.header('Cache-Control', 'no-store');
      const who = p.type === 'staff' ? `Your role (${p.role || 'none'})` : 'This API key';
      return problem(c, 403, 'Forbidden', `${who} may not do this: it needs the ${any.join(' or ')} scope.`);
    }
    c.set('principal' as never, p as never);
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  };
}

export const principalOf = (c: Context) => c.get('principal' as never) as Principal;

/** How a principal is named to people (the builds list's "started by"). */
function principalName(p: Principal | undefined): string | undefined {
  if (!p) return undefined;
  if (p.type === 'staff') return p.name || p.email;
  if (p.type === 'key') return `API key “${p.name}”`;
  return 'EDITOR_TOKEN';
}

/** The request's principal's name (set by requireScope), for contentChanged(). */
export const byWhom = (c: Context) => principalName(c.get('principal' as never) as Principal | undefined);
