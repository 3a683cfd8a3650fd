import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SERVER_OPTIONS } from './server-options.ts';

describe('the server options', () => {
  it('tell clients an idle connection stays open 65 s, longer than proxies keep theirs', async () => {
    const server = createServer(SERVER_OPTIONS, (_req, res) => res.end('ok'));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    const keepAlive = await new Promise<string | undefined>((done, fail) => {
      get({ port, host: '127.0.0.1' }, (res) => {
        res.resume();
        res.on('end', () => done(String(res.headers['keep-alive'])));
      }).on('error', fail);
    });
    server.close();
    expect(keepAlive).toBe('timeout=65');
  });
});
