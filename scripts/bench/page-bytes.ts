/**
 * What a phone downloads for each template's document, and whether it arrives in the first round trip
 * (ten TCP segments of 1,460 bytes: 14,600 bytes, the window Lighthouse's simulation and a fresh connection
 * start with, decision 290):
 * - the first answer, body and headers: a page's first request since the server started or the site was
 *   published (decision 352);
 * - the brotli body as the server sends it once refined (decision 320: the answers after the first), and
 *   the response headers as written on the wire.
 *
 *   BASE=http://127.0.0.1:4391 node scripts/bench/page-bytes.ts [/path …]
 *
 * Without BASE the e2e server (data/e2e) is started for the run; without paths, every template
 * (templates.ts).
 */
import { request } from 'node:http';
import { FIRST_ROUND_TRIP_BYTES } from '../../src/server/http/brotli-refine.ts';
import { siteUnderTest } from './site-under-test.ts';
import { templatePages } from './templates.ts';

/**
 * The server refines pages one at a time after their first answer (brotli-refine.ts), 40–125 ms each, and
 * longer on a busy host: the pages are asked again, a second apart, until two rounds answer the same bytes.
 */
const ROUND_GAP_MS = 1000;
const MAX_ROUNDS = 30;

/** The body's and the header block's bytes of one brotli answer, as on the wire. */
function answerBytes(url: string): Promise<{ status: number; body: number; headers: number }> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      const raw = res.rawHeaders;
      let headers = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < raw.length; i += 2) headers += `${raw[i]}: ${raw[i + 1]}\r\n`.length;
      let body = 0;
      res.on('data', (chunk: Buffer) => {
        body += chunk.length;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, body, headers }));
    });
    req.on('error', fail);
    req.end();
  });
}

const { base, stop } = await siteUnderTest(process.env.BASE, Number(process.env.PORT ?? 4391));
try {
  const asked = process.argv.slice(2);
  const pages = await templatePages(base, asked.length ? asked : undefined);
  const round = async () => {
    const answers = [];
    for (const page of pages) answers.push(await answerBytes(base + page));
    return answers;
  };
  // A server that has not served these pages since its start or the last publish answers each one's first
  // request here: the first answer a visitor gets (decision 352).
  const first = await round();
  let answers = first;
  for (let rounds = 1; ; rounds++) {
    if (rounds === MAX_ROUNDS) throw new Error(`the pages' bytes still changed after ${rounds} rounds`);
    await new Promise((r) => setTimeout(r, ROUND_GAP_MS));
    const again = await round();
    const same = again.every((a, i) => a.body === answers[i]?.body);
    answers = again;
    if (same) break;
  }
  const fitsIn = (total: number) =>
    total <= FIRST_ROUND_TRIP_BYTES
      ? 'yes'
      : `no, ${(total - FIRST_ROUND_TRIP_BYTES).toLocaleString('en')} B over`;
  console.log(
    '| page | first answer, together | first round trip | brotli body | headers | together | first round trip |',
  );
  console.log('|---|---|---|---|---|---|---|');
  let over = 0;
  let firstOver = 0;
  for (const [i, page] of pages.entries()) {
    const a = answers[i];
    if (a?.status !== 200) throw new Error(`${page} answered ${a?.status}`);
    const total = a.body + a.headers;
    const firstTotal = (first[i]?.body ?? 0) + (first[i]?.headers ?? 0);
    if (total > FIRST_ROUND_TRIP_BYTES) over++;
    if (firstTotal > FIRST_ROUND_TRIP_BYTES) firstOver++;
    console.log(
      `| ${page} | ${firstTotal.toLocaleString('en')} | ${fitsIn(firstTotal)} | ${a.body.toLocaleString('en')} | ${a.headers} | ${total.toLocaleString('en')} | ${fitsIn(total)} |`,
    );
  }
  const window = FIRST_ROUND_TRIP_BYTES.toLocaleString('en');
  console.log(
    `\n${pages.length - firstOver} of ${pages.length} first answers and ${pages.length - over} of ${pages.length} refined ones fit in ${window} bytes.`,
  );
} finally {
  stop();
}
