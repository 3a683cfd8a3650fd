/**
 * Turns a validated payload into the stored lead: the record answered with the 201 (SPEC §3 fields,
 * presets of SPEC §7, nothing sensitive in clear), the encrypted sensitive part and the consent record.
 */

import { bookingViolations, validateEnquiry } from '../../contract/forms/enquiry.ts';
import {
  FINANCE_CONFIRMATIONS,
  FINANCE_SENSITIVE_FIELDS,
  validateFinanceApplication,
} from '../../contract/forms/finance.ts';
import type { Violation } from '../../contract/index.ts';
import { leadPhotoPath } from '../../domain/lead-photos.ts';
import { FINANCE_PRESET, isUsedLeadType, LEAD_PRESETS } from '../../domain/lead-presets.ts';
import { maskSaIdNumber } from '../../domain/sa-id.ts';
import type { Deps } from '../deps.ts';
import type { LeadCrypto } from './crypto.ts';
import { leadPhotoExists } from './photos.ts';
import { dealerHours, financeModels, findDealerSlug, resolveEnquiry, UNKNOWN_DEALER } from './resolve.ts';
import type { NewLead } from './store.ts';

type Prepared = { ok: true; lead: NewLead } | { ok: false; violations: Violation[] };

export interface LeadKind {
  /** Collection path segment and idempotency scope. */
  collection: 'customer_enquiries' | 'finance_applications';
  prepare: (
    deps: Deps,
    crypto: LeadCrypto,
    body: Record<string, unknown>,
    meta: { id: string; ipHash: string; now: string },
  ) => Promise<Prepared>;
}

const orNull = (x: unknown) => (x === undefined ? null : x);

export const enquiryKind: LeadKind = {
  collection: 'customer_enquiries',
  async prepare(deps, _crypto, body, { id, ipHash, now }) {
    // A booking's slot depends on the hours of the dealership the lead goes to, known once resolved.
    const valid = validateEnquiry(body, { hours: null });
    if (!valid.ok) return valid;
    const d = valid.data;
    const refs = await resolveEnquiry(deps, d);
    if (!refs.ok) return refs;
    if (d.preferred_date) {
      const late = bookingViolations(d, await dealerHours(deps, refs.value.dealer_slug));
      if (late.length) return { ok: false, violations: late };
    }
    for (const photo of d.photos ?? []) {
      if (!(await leadPhotoExists(deps, photo)))
        return {
          ok: false,
          violations: [
            {
              propertyPath: 'photos',
              message: 'A photo was not received; please remove it and add it again',
              code: 'unknown_photo',
            },
          ],
        };
    }
    const r = refs.value;
    const preset = LEAD_PRESETS[d.form_name];
    const record = {
      '@context': '/api/contexts/CustomerEnquiry',
      '@id': `/api/customer_enquiries/${id}`,
      '@type': 'CustomerEnquiry',
      id,
      first_name: d.first_name,
      last_name: d.last_name,
      email: d.email,
      cell_phone: d.cell_phone,
      message: orNull(d.message),
      make: orNull(r.manufacturer),
      manufacturer: orNull(r.manufacturer),
      model: orNull(r.model),
      variant: orNull(r.variant),
      vinNo: orNull(d.vinNo),
      partNo: orNull(d.partNo),
      preferred_date: orNull(d.preferred_date),
      preferred_time: orNull(d.preferred_time),
      service_type: orNull(d.service_type),
      registration: orNull(d.registration),
      mileage: orNull(d.mileage),
      year: orNull(d.year),
      condition: orNull(d.condition),
      photos: d.photos
        ? d.photos.map((p) => `${deps.config.siteUrl.replace(/\/$/, '')}${leadPhotoPath(p)}`)
        : null,
      vehicle_id: orNull(r.vehicle_id),
      special_slug: orNull(d.special_slug),
      contact: true,
      terms: true,
      consent: true,
      lead_type: preset.lead_type,
      form_name: d.form_name,
      source_code: r.source_code,
      source: 'Website',
      status: 'Queued',
      dealer_slug: r.dealer_slug,
      uri: orNull(d.uri),
      is_used: isUsedLeadType(preset.lead_type),
      created_at: now,
    };
    return {
      ok: true,
      lead: {
        id,
        kind: 'enquiry',
        form_name: d.form_name,
        lead_type: preset.lead_type,
        source_code: r.source_code,
        dealer_slug: r.dealer_slug,
        record,
        sensitive: null,
        ip_hash: ipHash,
        created_at: now,
        consent: {
          agreed: [
            { name: 'contact', label: 'You may contact me about this enquiry' },
            { name: 'terms', label: 'I accept the terms and conditions' },
          ],
        },
      },
    };
  },
};

const SENSITIVE = new Set(FINANCE_SENSITIVE_FIELDS);

export const financeKind: LeadKind = {
  collection: 'finance_applications',
  async prepare(deps, crypto, body, { id, ipHash, now }) {
    const valid = validateFinanceApplication(body, { models: await financeModels(deps) });
    if (!valid.ok) return valid;
    const d = valid.data as Record<string, unknown>;
    const dealer = await findDealerSlug(deps, String(d.dealership));
    if (!dealer)
      return {
        ok: false,
        violations: [{ propertyPath: 'dealership', message: UNKNOWN_DEALER, code: 'unknown_dealer' }],
      };
    const open: Record<string, unknown> = {};
    const secret: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(d)) {
      if (v === undefined) continue;
      (SENSITIVE.has(k) ? secret : open)[k] = v;
    }
    const uri =
      typeof body.uri === 'string' && body.uri.startsWith('/') && body.uri.length <= 500 ? body.uri : null;
    const record = {
      '@context': '/api/contexts/FinanceApplication',
      '@id': `/api/finance_applications/${id}`,
      '@type': 'FinanceApplication',
      id,
      ...open,
      idNumber: maskSaIdNumber(String(d.idNumber)),
      dealership: dealer,
      dealer_slug: dealer,
      consent: true,
      lead_type: FINANCE_PRESET.lead_type,
      sourceCode: FINANCE_PRESET.sourceCode,
      source: 'Website',
      status: 'Queued',
      uri,
      is_used: d.variant === 'used' ? 1 : 0,
      created_at: now,
    };
    return {
      ok: true,
      lead: {
        id,
        kind: 'finance',
        form_name: 'finance',
        lead_type: FINANCE_PRESET.lead_type,
        source_code: FINANCE_PRESET.sourceCode,
        dealer_slug: dealer,
        record,
        sensitive: crypto.encrypt(JSON.stringify(secret), id),
        ip_hash: ipHash,
        created_at: now,
        consent: { agreed: FINANCE_CONFIRMATIONS.map((c) => ({ name: c.name, label: c.label })) },
      },
    };
  },
};
