/**
 * The text of answers written from a string (hydra.ts), kept beside the answer so the micro-cache can
 * store it without reading the answer back: reading a body turns @hono/node-server's light answer into
 * a full web Response and a stream, which cost more than building the listing itself.
 */
const texts = new WeakMap<Response, string>();

export function withText(res: Response, text: string): Response {
  texts.set(res, text);
  return res;
}

/** The text the answer was made from, or undefined when it was not (or a later step replaced it). */
export const textOf = (res: Response): string | undefined => texts.get(res);
