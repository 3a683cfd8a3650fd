/**
 * The options of the node:http server (server.ts createAppServer).
 *
 * - Headers that never finish are cut after 20 s (408); stalled upload bodies by body-timeout.ts.
 * - An idle keep-alive connection stays open 65 s, where Node's default is 5 s. A client or proxy that reuses
 *   an idle connection just as the server closes it gets a reset (ECONNRESET, or a 502 from a proxy).
 *   Clients and proxies drop their own idle connections sooner (HAProxy keeps them 10 s in
 *   tests/cluster/haproxy.ts; common load balancers 60 s), so the server never closes one first. An e2e
 *   run saw the reset once: an admin request after the undo dialog's pause.
 */
import type { ServerOptions } from 'node:http';

export const SERVER_OPTIONS: ServerOptions = { headersTimeout: 20_000, keepAliveTimeout: 65_000 };
