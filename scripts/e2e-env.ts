/** The editor token of the shared browser-test server (scripts/e2e-server.ts), known to the specs. */
export const E2E_EDITOR_TOKEN = 'e2e-editor-token-0123456789abcdef';
