import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/server.ts';
import { leadCrypto } from './crypto.ts';
import { signWebhook } from './deliver.ts';
import { backoffMs, maskAddresses } from './outbox.ts';

const KEY = Buffer.alloc(32, 7);

describe('lead field encryption', () => {
  it('round-trips with AES-256-GCM, a fresh IV each time, bound to the lead id', () => {
    const c = leadCrypto(KEY);
    const a = c.encrypt('{"idNumber":"8001015009087"}', 'lead-1');
    const b = c.encrypt('{"idNumber":"8001015009087"}', 'lead-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('8001015009087');
    expect(c.decrypt(a, 'lead-1')).toBe('{"idNumber":"8001015009087"}');
    expect(() => c.decrypt(a, 'lead-2')).toThrow();
    expect(() => leadCrypto(Buffer.alloc(32, 8)).decrypt(a, 'lead-1')).toThrow();
    // Flip one ciphertext byte (editing base64 text can land in padding bits and change nothing).
    const parts = a.split('.');
    const ct = Buffer.from(parts[3] as string, 'base64url');
    ct[0] = (ct[0] as number) ^ 1;
    const tampered = [...parts.slice(0, 3), ct.toString('base64url')].join('.');
    expect(() => c.decrypt(tampered, 'lead-1')).toThrow();
  });

  it('hashes client addresses with a keyed hash', () => {
    expect(leadCrypto(KEY).hashIp('10.0.0.1')).toBe(leadCrypto(KEY).hashIp('10.0.0.1'));
    expect(leadCrypto(KEY).hashIp('10.0.0.1')).not.toBe(leadCrypto(Buffer.alloc(32, 1)).hashIp('10.0.0.1'));
  });
});

describe('lead configuration', () => {
  it('refuses to start in production without LEAD_ENCRYPTION_KEY', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /LEAD_ENCRYPTION_KEY is required in production/,
    );
    const key = KEY.toString('base64');
    const secret = 'a production auth secret of 32+ characters';
    expect(
      loadConfig({
        NODE_ENV: 'production',
        LEAD_ENCRYPTION_KEY: key,
        AUTH_SECRET: secret,
        PUBLIC_SITE_URL: 'https://www.example.co.za',
      }).leads.encryptionKeyIsDev,
    ).toBe(false);
  });

  it('uses a fixed development key outside production and says so', () => {
    const c = loadConfig({ NODE_ENV: 'development' });
    expect(c.leads.encryptionKeyIsDev).toBe(true);
    expect(c.leads.encryptionKey).toEqual(loadConfig({ NODE_ENV: 'test' }).leads.encryptionKey);
  });

  it('rejects a key that is not 32 bytes, a webhook without a secret and a malformed rate limit', () => {
    expect(() => loadConfig({ LEAD_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /LEAD_ENCRYPTION_KEY/,
    );
    expect(() => loadConfig({ CRM_WEBHOOK_URL: 'https://crm.example/hook' })).toThrow(/CRM_WEBHOOK_SECRET/);
    expect(() => loadConfig({ RATE_LIMIT_LEADS: 'ten a minute' })).toThrow(/RATE_LIMIT_LEADS/);
    expect(loadConfig({ RATE_LIMIT_LEADS: '5/10m', LEAD_RETRY_MAX_AGE: '2d' }).leads).toMatchObject({
      rateLimit: { limit: 5, windowMs: 600_000 },
      retryMaxAgeMs: 172_800_000,
    });
  });
});

describe('delivery helpers', () => {
  it('backs off exponentially with jitter, capped', () => {
    const p = { baseMs: 1000, maxDelayMs: 60_000, maxAgeMs: 0 };
    expect(backoffMs(1, p, () => 0)).toBe(500);
    expect(backoffMs(1, p, () => 1)).toBe(1000);
    expect(backoffMs(4, p, () => 1)).toBe(8000);
    expect(backoffMs(30, p, () => 1)).toBe(60_000);
  });

  it('signs webhook bodies as t=<ts>,v1=<HMAC-SHA256 of "ts.body">', () => {
    // Computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret
    expect(signWebhook('secret', '{"a":1}', 1_700_000_000)).toBe(
      `t=1700000000,v1=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686`,
    );
  });

  it('masks e-mail addresses in stored errors', () => {
    expect(maskAddresses('550 5.1.1 <westrand@example.co.za>: user unknown')).toBe(
      '550 5.1.1 <[address]>: user unknown',
    );
  });
});
