/** The editor token of the shared browser-test server (scripts/e2e-server.ts), known to the specs. */
export const E2E_EDITOR_TOKEN = 'e2e-editor-token-0123456789abcdef';

/**
 * The secrets of the browser tests' servers (shared, admin, publishing). Without them each server logs
 * that it falls back to its development secrets, a screen of warnings per CI run that are not problems.
 */
export const E2E_SECRETS = {
  AUTH_SECRET: 'e2e-auth-secret-0123456789abcdef0123456789',
  LEAD_ENCRYPTION_KEY: Buffer.from('e2e-lead-encryption-key-32-bytes').toString('base64'),
  REBUILD_SECRET: 'e2e-rebuild-secret-0123456789',
};
