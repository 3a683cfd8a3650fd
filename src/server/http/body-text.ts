/**
 * The body of answers written from a string (hydra.ts) or compressed in one call (api-compress.ts),
 * kept beside the answer so the micro-cache can store it without reading the answer back: reading a
 * body turns @hono/node-server's light answer into a full web Response and a stream, which cost more
 * than building the listing itself.
 */
const texts = new WeakMap<Response, string | Uint8Array<ArrayBuffer>>();

/** The text, or the compressed bytes (api-compress.ts), an answer was made from. */
export function withBody(res: Response, text: string | Uint8Array<ArrayBuffer>): Response {
  texts.set(res, text);
  return res;
}

/** What the answer was made from, or undefined when it was not (or a later step replaced it). */
export const bodyOf = (res: Response): string | Uint8Array<ArrayBuffer> | undefined => texts.get(res);
