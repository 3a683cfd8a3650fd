/** Real receivers on loopback for delivery tests: an SMTP server (smtp-server) and an HTTP webhook endpoint. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

export async function startSmtp() {
  const messages: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

interface Hook {
  headers: Record<string, string | string[] | undefined>;
  body: { delivery_id: string; lead_id: string; lead: Record<string, unknown> };
  signatureValid: boolean;
}

/** A CRM stand-in that verifies the signature; `stop()` and `start()` simulate an outage on the same port. */
export async function startReceiver(secret: string, opts: { delayMs?: number } = {}) {
  const hooks: Hook[] = [];
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((ok, fail) => {
      if (server) return ok(); // already up
      const srv = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const sig = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers['x-signature'] ?? ''));
          const expected = sig ? createHmac('sha256', secret).update(`${sig[1]}.${text}`).digest('hex') : '';
          const signatureValid =
            !!sig && timingSafeEqual(Buffer.from(expected), Buffer.from(sig[2] as string));
          setTimeout(() => {
            hooks.push({ headers: req.headers, body: JSON.parse(text), signatureValid });
            res.writeHead(signatureValid ? 204 : 401).end();
          }, opts.delayMs ?? 0);
        });
      });
      server = srv;
      srv.once('error', fail);
      srv.listen(port, '127.0.0.1', () => {
        port = (srv.address() as AddressInfo).port;
        ok();
      });
    });
  const stop = () =>
    new Promise<void>((ok) => {
      if (!server) return ok();
      server.close(() => ok());
      server.closeAllConnections();
      server = undefined;
    });
  await start();
  return {
    get url() {
      return `http://127.0.0.1:${port}/hooks/leads`;
    },
    hooks,
    start,
    stop,
  };
}

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 15_000,
  what = 'condition',
) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
