/**
 * The islands' one API client: same origin, a 15-second wait per attempt and one retry of a read.
 * Only islands that call the API import it, so pages without them do not carry ky.
 */
import { createApiClient } from './api.ts';

export const browserApi = /* @__PURE__ */ createApiClient('', { retry: 1, timeout: 15_000 });
