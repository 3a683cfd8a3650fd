/**
 * JSON request bodies, read one way by every route that takes one (leads, editor, stock, admin):
 * 415 unless the Content-Type is application/json or application/ld+json, 400 naming the body when it
 * is not JSON or not an object. The parsed object is `c.var.body`. Two limits run earlier, for every
 * request: the size (413, bodyLimit in app.ts) and the nesting depth and NUL characters (400,
 * input-guard.ts). Inputs are then checked by a valibot schema (validate.ts).
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError, badRequest } from '../hydra.ts';

export type JsonObject = Record<string, unknown>;
export type JsonBodyEnv = { Variables: { body: JsonObject } };

const JSON_TYPE = /^application\/(ld\+)?json\s*(;|$)/i;

const UNSUPPORTED_TYPE = 'Content-Type: send the body as application/ld+json or application/json.';

export const isJsonType = (c: Context) => JSON_TYPE.test(c.req.header('content-type') ?? '');

/** JSON text that must hold an object; anything else is a 400 naming the body. */
export function parseJsonObject(text: string): JsonObject {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('body: the request body is not valid JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('body: the request body must be a JSON object.');
  return body as JsonObject;
}

/** 415 unless the body is JSON. Apart from jsonObject when something must run between (the lead rate limit). */
export const jsonType = createMiddleware(async (c, next) => {
  if (!isJsonType(c)) throw new ApiError(415, UNSUPPORTED_TYPE);
  await next();
});

/** Parses the body into `c.var.body` (400 when it is not a JSON object). */
export const jsonObject = createMiddleware<JsonBodyEnv>(async (c, next) => {
  c.set('body', parseJsonObject(await c.req.text()));
  await next();
});

/** jsonType then jsonObject: what a route taking a JSON object puts before its handler (describe.ts jsonBody documents it). */
export const jsonInput = createMiddleware<JsonBodyEnv>(async (c, next) => {
  await jsonType(c, async () => {
    await jsonObject(c, next);
  });
});
