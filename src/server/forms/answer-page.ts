/**
 * The answer to a form sent without JavaScript that cannot be stored: the same built page, its form
 * filled with what the visitor sent, the errors under their fields (SPEC §5 wording) and in a summary
 * at the top of the form that takes focus, in the order the form shows its fields. The page is the one
 * the build made (node-html-parser edits its tree; nothing is rendered twice), so its CSP, styles and
 * scripts are unchanged. The form's island is unwrapped, so it stays the plain form the visitor sent:
 * hydrating it over the filled markup would make React render it afresh and drop what was typed.
 */
import { type HTMLElement, parse, TextNode } from 'node-html-parser';
import { inFieldOrder } from '../../contract/forms/enquiry-order.ts';
import type { Violation } from '../../contract/index.ts';
import type { PostedFields } from './form-fields.ts';

/** Fields whose value never goes back into the page (the honeypot stays empty). */
const NOT_ECHOED = new Set(['website']);

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** For setAttribute, which quotes the value (escaping `"`) but leaves `&` and `<` as they are. */
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export interface FormAnswer {
  fields: PostedFields;
  violations: readonly Violation[];
  /** A message that belongs to no field (too many sends, a server fault). */
  message?: string;
  /** Booking forms list the dealership's error before the day and time. */
  booking?: boolean;
  /** A fresh idempotency key for the answered form's hidden field (decision 265). */
  key?: string;
  /** Ids of the valuation photos already stored from this form: kept in it, and said so (decision 266). */
  photos?: readonly string[];
}

const PHOTO_ID = /^[0-9a-f-]{36}$/;

/** The page's HTML with its lead form answered; null when the page has no lead form. */
export function answerFormPage(html: string, answer: FormAnswer): string | null {
  const root = parse(html, { comment: true });
  const form = root.querySelector('form[data-lead-form]');
  if (!form) return null;
  const formId = form.getAttribute('data-form-id') ?? '';
  refill(form, answer.fields);
  const keyField = form.querySelector('input[name="idempotency_key"]');
  if (keyField && answer.key) keyField.setAttribute('value', escapeAttr(answer.key));
  keepPhotos(
    form,
    (answer.photos ?? []).filter((id) => PHOTO_ID.test(id)),
  );
  const shown = inFieldOrder(answer.violations, answer.booking);
  const seen = new Set<string>();
  const linked = new Map<string, string>();
  for (const v of shown) {
    if (seen.has(v.propertyPath)) continue;
    seen.add(v.propertyPath);
    const id = `${formId}-${v.propertyPath}`;
    const control = form.querySelector(`#${cssId(id)}`);
    if (!control) continue;
    linked.set(v.propertyPath, id);
    markInvalid(control, id, v.message);
  }
  if (shown.length) form.insertAdjacentHTML('afterbegin', summary(formId, shown, linked));
  if (answer.message) {
    const alert = `<p class="form-alert" role="alert">${escapeText(answer.message)}</p>`;
    const actions = form.querySelector('.form-actions');
    if (actions) actions.insertAdjacentHTML('beforebegin', alert);
    else form.insertAdjacentHTML('beforeend', alert);
  }
  const title = root.querySelector('title');
  if (title && (shown.length || answer.message))
    title.set_content(new TextNode(escapeText(`Error: ${title.text}`), title));
  const island = form.closest('astro-island');
  if (island) island.replaceWith(...island.childNodes);
  return root.toString();
}

/** Hidden fields naming the photos already stored, and a line in the photo field that says so. */
function keepPhotos(form: HTMLElement, ids: readonly string[]) {
  if (!ids.length) return;
  const inputs = ids.map((id) => `<input type="hidden" name="photos" value="${id}">`).join('');
  const n = ids.length;
  const note = `<p class="field-hint photo-kept">${n === 1 ? 'One photo' : `${n} photos`} you sent ${n === 1 ? 'is' : 'are'} kept with this form. Choose only photos you still want to add.</p>`;
  const picker = form.querySelector('.photo-picker');
  if (picker) picker.insertAdjacentHTML('beforeend', note + inputs);
  else form.insertAdjacentHTML('beforeend', inputs);
}

const cssId = (id: string) => id.replace(/[^\w-]/g, (c) => `\\${c}`);

/** What the visitor sent, back in its place: text, choices, ticks. */
function refill(form: HTMLElement, fields: PostedFields) {
  for (const el of form.querySelectorAll('input[name], select[name], textarea[name]')) {
    const name = el.getAttribute('name') ?? '';
    if (NOT_ECHOED.has(name)) continue;
    const sent = fields.get(name) ?? [];
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute('type') ?? 'text').toLowerCase();
    if (tag === 'textarea') el.set_content(new TextNode(escapeText(sent[0] ?? ''), el));
    else if (tag === 'select') {
      for (const option of el.querySelectorAll('option')) {
        const value = option.getAttribute('value') ?? option.text;
        if (sent.includes(value)) option.setAttribute('selected', '');
        else option.removeAttribute('selected');
      }
    } else if (type === 'checkbox' || type === 'radio') {
      const value = el.getAttribute('value') ?? 'on';
      if (sent.includes(value)) el.setAttribute('checked', '');
      else el.removeAttribute('checked');
    } else if (type !== 'hidden' && type !== 'file' && type !== 'password')
      el.setAttribute('value', escapeAttr(sent[0] ?? ''));
  }
}

/** Ties the error to its control as the island does (Field.tsx): aria-invalid, aria-describedby, text. */
function markInvalid(control: HTMLElement, id: string, message: string) {
  const errorId = `${id}-error`;
  control.setAttribute('aria-invalid', 'true');
  const described = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  if (!described.includes(errorId))
    control.setAttribute('aria-describedby', [...described, errorId].join(' '));
  const frame = control.closest('.field, .check') ?? control.parentNode;
  if (!frame) return;
  if (!frame.classList.contains('field--error')) frame.classList.add('field--error');
  frame.insertAdjacentHTML('beforeend', `<p id="${errorId}" class="field-error">${escapeText(message)}</p>`);
}

/** The island's error summary (ErrorSummary.tsx), focused on load so it is read out first. */
function summary(formId: string, violations: readonly Violation[], linked: Map<string, string>): string {
  const n = violations.length;
  const title = `Please correct ${n === 1 ? 'this error' : `these ${n} errors`}:`;
  const items = violations
    .map((v) => {
      const id = linked.get(v.propertyPath);
      const text = escapeText(v.message);
      return `<li>${id ? `<a href="#${id}">${text}</a>` : text}</li>`;
    })
    .join('');
  return (
    `<section id="${formId}-error-summary" class="error-summary" tabindex="-1" autofocus aria-labelledby="${formId}-error-title">` +
    `<div class="error-summary-head"><p id="${formId}-error-title" class="error-summary-title">${title}</p></div>` +
    `<ul>${items}</ul></section>`
  );
}
