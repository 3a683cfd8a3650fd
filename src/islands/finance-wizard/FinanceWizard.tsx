/**
 * The five-step finance application (SPEC §2, §4, §5). Next advances only when the step validates
 * (shared schema); errors show under their fields and in the closable banner; a step or error change
 * scrolls the wizard into view. The draft is kept on the device as the visitor types, without the ID
 * number and bank details, and cleared after a successful submission.
 */
import { type SubmitEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  clearFinanceDraft,
  finance,
  readFinanceDraft,
  saveFinanceDraft,
} from '../../client/stores/finance.ts';
import {
  FINANCE_CONFIRMATIONS,
  FINANCE_MAKE,
  FINANCE_STEPS,
  type FinanceStep,
  validateFinanceApplication,
  validateFinanceStep,
} from '../../contract/forms/finance.ts';
import type { Violation } from '../../contract/index.ts';
import { FINANCE_PRESET } from '../../domain/lead-presets.ts';
import { ErrorSummary } from '../form-kit/ErrorSummary.tsx';
import { Honeypot } from '../form-kit/Field.tsx';
import { focusQuietly, prefersReducedMotion } from '../form-kit/focus.ts';
import { initialDealer } from '../form-kit/initial-dealer.ts';
import { SubmitButton } from '../form-kit/SubmitButton.tsx';
import { typedBeforeHydration } from '../form-kit/typed-before-hydration.ts';
import { useDealers } from '../form-kit/useDealers.ts';
import { useLeadSubmit } from '../form-kit/useLeadSubmit.ts';
import { Confirmations } from './Confirmations.tsx';
import { carFromLink } from './car-from-link.ts';
import { type FinanceValues, StepFields } from './StepFields.tsx';
import { Stepper } from './Stepper.tsx';
import { fieldOrder, STEP_GROUPS } from './steps.ts';
import { useRangeModels } from './useRangeModels.ts';
import '../form-kit/form.css';
import './finance-wizard.css';

export interface FinanceWizardProps {
  formId: string;
  /** The page's dealer (under /dealer/{name}), preselected; else the visitor's stored dealer. */
  dealerSlug: string | null;
}

const TITLES = FINANCE_STEPS.map((s) => s.title);
const LAST = 4 as FinanceStep;
const ORDER: string[][] = [0, 1, 2, 3].map(fieldOrder).concat([FINANCE_CONFIRMATIONS.map((c) => c.name)]);
const FIELDS: ReadonlySet<string> = new Set(ORDER.flat());
const stepOf = (field: string) => FINANCE_STEPS.findIndex((s) => s.fields.includes(field));
const sortFor = (step: number, list: Violation[]) =>
  [...list].sort(
    (a, b) => (ORDER[step] ?? []).indexOf(a.propertyPath) - (ORDER[step] ?? []).indexOf(b.propertyPath),
  );

export default function FinanceWizard({ formId, dealerSlug }: FinanceWizardProps) {
  const [hydrated, setHydrated] = useState(false);
  const [step, setStep] = useState<FinanceStep>(0);
  const [data, setData] = useState<FinanceValues>({ make: FINANCE_MAKE, dealership: dealerSlug ?? '' });
  const [restored, setRestored] = useState(false);
  const [moved, setMoved] = useState(0);
  const dirty = useRef(false);
  const sent = useRef(false);
  const latest = useRef(data);
  latest.current = data;
  const root = useRef<HTMLFormElement>(null);
  const banner = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { dealers, retry } = useDealers(hydrated);
  const models = useRangeModels(hydrated, FINANCE_MAKE);
  const lead = useLeadSubmit({
    path: 'finance_applications',
    store: finance,
    formId,
    focus: 'summary',
    summary: banner,
    scrollTarget: root,
    fields: FIELDS,
    arrange: onFirstStep,
    submitLabel: 'Submit',
    rateLimitText: (wait) =>
      `Too many applications were sent from your connection. Please try again in ${wait}.`,
    keptText: 'Everything you entered is still here.',
    onSuccess: () => {
      sent.current = true;
      clearFinanceDraft();
    },
  });
  const { state, loading, errors } = lead;
  const violations = state.violations;

  // Restore the draft (never the excluded fields) and keep the last keystrokes when the page goes.
  useEffect(() => {
    setHydrated(true);
    finance.reset();
    const draft = readFinanceDraft();
    // "Apply for finance on this car": the link's car wins over an older draft (src/domain/car-link.ts),
    // and what the visitor typed before the wizard hydrated wins over both.
    const car = carFromLink(window.location.search);
    const typed = typedBeforeHydration(root.current, FIELDS);
    setData((d) => ({
      ...d,
      dealership: d.dealership || initialDealer(),
      ...(draft ?? {}),
      ...car,
      ...typed,
    }));
    if (Object.keys(car).length || Object.keys(typed).length) dirty.current = true;
    setRestored(draft !== null);
    const flush = () => {
      if (dirty.current && !sent.current) saveFinanceDraft(latest.current);
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);
  useEffect(() => {
    if (!dirty.current || sent.current) return;
    const t = setTimeout(() => saveFinanceDraft(data), 400);
    return () => clearTimeout(t);
  }, [data]);
  // A step change brings the wizard's top into view (SPEC §2) and moves focus to the step's title;
  // errors do the same with the banner (useLeadSubmit).
  useEffect(() => {
    if (!moved) return;
    root.current?.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    focusQuietly(heading.current);
  }, [moved]);

  const ctx = useMemo(
    () => (models.state === 'ready' ? { models: models.options.map((o) => o.value) } : {}),
    [models],
  );
  const change = (name: string, value: string | boolean) => {
    dirty.current = true;
    setData((d) => ({
      ...d,
      [name]: value,
      ...(name === 'variant' && value === 'new' ? { make: FINANCE_MAKE } : {}),
    }));
  };
  const go = (to: FinanceStep) => {
    lead.clear();
    setStep(to);
    setMoved((n) => n + 1);
  };

  /** Violations are shown on the first step that has any (a step's own check only has its own). */
  function onFirstStep(list: Violation[]): Violation[] {
    const steps = list.map((v) => stepOf(v.propertyPath)).filter((s) => s >= 0);
    const at = (steps.length ? Math.min(...steps) : step) as FinanceStep;
    setStep(at);
    return sortFor(
      at,
      list.filter((v) => stepOf(v.propertyPath) === at || stepOf(v.propertyPath) < 0),
    );
  }

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (loading) return;
    const checked = validateFinanceStep(step, data, ctx);
    if (!checked.ok) return lead.fail(checked.violations);
    if (step < LAST) return go((step + 1) as FinanceStep);
    const body = {
      ...data,
      website: String(new FormData(e.currentTarget).get('website') ?? ''),
      uri: window.location.pathname,
      sourceCode: FINANCE_PRESET.sourceCode,
    };
    await lead.submit(body, validateFinanceApplication(data, ctx));
  }

  const dynamicOptions = {
    dealership: {
      options: dealers.state === 'ready' ? dealers.options : [],
      placeholder: dealers.state === 'loading' ? 'Loading dealerships…' : 'Choose a dealership',
      busy: dealers.state === 'loading',
    },
    make: { options: [{ value: FINANCE_MAKE, label: FINANCE_MAKE }], placeholder: 'Choose a make' },
    model: {
      options: models.state === 'ready' ? models.options : [],
      placeholder: models.state === 'loading' ? 'Loading models…' : 'Choose a model',
      busy: models.state === 'loading',
    },
  };

  return (
    <form
      ref={root}
      className="lead-form finance-wizard"
      noValidate
      aria-labelledby={`${formId}-step-title`}
      onSubmit={onSubmit}
    >
      <Stepper titles={TITLES} current={step} />
      <ErrorSummary
        ref={banner}
        alert
        form={formId}
        violations={violations}
        fields={new Set(ORDER[step])}
        title={`There are ${violations.length} errors on this page. Please correct them before moving on.`}
        onClose={lead.clear}
      />
      <h2 id={`${formId}-step-title`} ref={heading} tabIndex={-1} className="finance-step-title">
        {TITLES[step]}
      </h2>
      {restored && step === 0 && (
        <div className="form-note" role="status">
          <p>
            We restored the application you started on this device. Please enter your ID number and bank
            details again: for your security they are never saved.
          </p>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              clearFinanceDraft();
              dirty.current = false;
              setRestored(false);
              setData({ make: FINANCE_MAKE, dealership: dealerSlug ?? initialDealer() });
            }}
          >
            Clear the saved details and start again
          </button>
        </div>
      )}
      {(dealers.state === 'error' || models.state === 'error') && step === 0 && (
        <p className="form-alert" role="alert">
          We could not load the {dealers.state === 'error' ? 'dealerships' : 'models'}.{' '}
          <button
            type="button"
            className="link-button"
            onClick={dealers.state === 'error' ? retry : models.retry}
          >
            Try again
          </button>
        </p>
      )}
      {step < LAST ? (
        <StepFields
          form={formId}
          groups={STEP_GROUPS[step] ?? []}
          data={data}
          errors={errors}
          onChange={change}
          options={dynamicOptions}
        />
      ) : (
        <Confirmations form={formId} data={data} errors={errors} onChange={change} />
      )}
      <Honeypot form={formId} />
      {state.message && (
        <p className="form-alert" role="alert">
          {state.message}
        </p>
      )}
      <div className="form-actions finance-actions">
        {step > 0 && (
          <button
            type="button"
            className="btn btn--ghost"
            disabled={loading}
            onClick={() => go(Math.max(0, step - 1) as FinanceStep)}
          >
            Previous
          </button>
        )}
        {step < LAST ? (
          <button type="submit" className="btn" disabled={!hydrated}>
            Next
          </button>
        ) : (
          <SubmitButton hydrated={hydrated} loading={loading} loadingText="Submitting…">
            Submit
          </SubmitButton>
        )}
      </div>
    </form>
  );
}
