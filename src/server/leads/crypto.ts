/**
 * Field encryption for the most sensitive data we hold (DESIGN §5, POPIA): AES-256-GCM with a random
 * 96-bit IV per value, the lead id as additional data (an envelope cannot be moved to another lead),
 * and an HMAC of client addresses so abuse can be spotted without keeping who sent what.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
} from 'node:crypto';

const VERSION = 'v1';

export interface LeadCrypto {
  encrypt: (plain: string, leadId: string) => string;
  decrypt: (envelope: string, leadId: string) => string;
  hashIp: (ip: string) => string;
}

export function leadCrypto(key: Buffer): LeadCrypto {
  if (key.length !== 32) throw new Error('The lead encryption key must be 32 bytes');
  // A KeyObject made once: given a Buffer, createHmac checks and wraps the key again on every call
  // (5 % of a lead POST's CPU in a profile under load, docs/performance.md issue 27).
  const aesKey = createSecretKey(key);
  const ipKey = createSecretKey(Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'sdg ip hash', 32)));
  return {
    encrypt(plain, leadId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      cipher.setAAD(Buffer.from(leadId));
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        ct.toString('base64url'),
      ].join('.');
    },
    decrypt(envelope, leadId) {
      const [version, iv, tag, ct] = envelope.split('.');
      if (version !== VERSION || !iv || !tag || ct === undefined) throw new Error('Unknown envelope format');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(leadId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    hashIp(ip) {
      return createHmac('sha256', ipKey).update(ip).digest('hex').slice(0, 32);
    },
  };
}

/** A lead's sensitive fields (finance: ID number, bank details), decrypted; null when it has none. */
export function sensitiveFieldsOf(
  crypto: LeadCrypto,
  lead: { id: string; sensitive: string | null },
): Record<string, unknown> | null {
  if (!lead.sensitive) return null;
  return JSON.parse(crypto.decrypt(lead.sensitive, lead.id)) as Record<string, unknown>;
}
