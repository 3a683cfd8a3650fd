/**
 * The body of answers written from a string (hydra.ts) or compressed in one call (api-compress.ts),
 * kept beside the answer so the micro-cache can store it without reading the answer back: reading a
 * body turns @hono/node-server's light answer into a full web Response and a stream, which cost more
 * than building the listing itself.
 */
const made = new WeakMap<Response, { body: string | Uint8Array<ArrayBuffer>; etag: string | undefined }>();

/**
 * The text, or the compressed bytes (api-compress.ts), an answer was made from; and its strong ETag
 * when the maker knows one more cheaply than a hash of those bytes (a stock listing, hydra.ts).
 */
export function withBody(res: Response, body: string | Uint8Array<ArrayBuffer>, etag?: string): Response {
  made.set(res, { body, etag });
  return res;
}

/** What the answer was made from, or undefined when it was not (or a later step replaced it). */
export const bodyOf = (res: Response) => made.get(res)?.body;

/** The ETag its maker gave the answer (withBody), if any. */
export const etagMadeFor = (res: Response) => made.get(res)?.etag;
