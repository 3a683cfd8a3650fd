/**
 * Every enquiry form of the site (SPEC §2, §5, §7): contact, new, used, special, parts, service and
 * test drive, one island configured per form. Text fields are uncontrolled (what a visitor types
 * before hydration is kept), validated with the shared schema before sending and by the API always;
 * errors appear under their fields and in a summary, and focus moves to the first invalid field.
 */
import { type SubmitEvent, useEffect, useState } from 'react';
import { type EnquiryForm as FormName, LEAD_PRESETS } from '../../lib/lead-presets.ts';
import { validateEnquiry } from '../../lib/schemas/enquiry.ts';
import { paths, trimSlash, withDealer } from '../../lib/urls.ts';
import { enquiry } from '../../stores/enquiry.ts';
import { DealerSelect } from '../form-kit/DealerSelect.tsx';
import { ErrorSummary } from '../form-kit/ErrorSummary.tsx';
import { Checkbox, Honeypot, Input, TextArea } from '../form-kit/Field.tsx';
import { initialDealer } from '../form-kit/initial-dealer.ts';
import { SubmitButton } from '../form-kit/SubmitButton.tsx';
import { useDealers } from '../form-kit/useDealers.ts';
import { useLeadSubmit } from '../form-kit/useLeadSubmit.ts';
import { COPY, FIELD_ORDER, inFieldOrder, type UsedCar, type VehicleChoice } from './config.ts';
import { UsedCarSummary } from './UsedCarSummary.tsx';
import { useUsedCar } from './useUsedCar.ts';
import { VehicleFields, type VehicleValue } from './VehicleFields.tsx';
import '../form-kit/form.css';

export interface EnquiryFormProps {
  form: FormName;
  /** Id prefix of the form's fields (unique on the page). */
  formId: string;
  /** Site name of a /dealer/{name} page, or null. */
  site: string | null;
  /** The page's dealer (under /dealer/{name}); without one the visitor chooses (SPEC §5). */
  dealerSlug?: string | null;
  /** New-car forms: the page's car and the range. */
  vehicle?: VehicleChoice;
  /** Used form: the car from the build; absent on the shell page, which loads it. */
  used?: UsedCar;
  /** Special offer form: the offer's slug and source code. */
  special?: { slug: string; sourceCode: string };
}

const FIELDS = new Set<string>(FIELD_ORDER);
const text = (fd: FormData, k: string) => String(fd.get(k) ?? '');

export default function EnquiryForm(props: EnquiryFormProps) {
  const { form, formId, site, dealerSlug, vehicle, special } = props;
  const copy = COPY[form];
  const preset = LEAD_PRESETS[form];
  const chooseDealer = !dealerSlug && form !== 'used';
  const lead = useLeadSubmit({
    path: 'customer_enquiries',
    store: enquiry,
    formId,
    focus: 'field',
    fields: FIELDS,
    arrange: inFieldOrder,
    submitLabel: copy.submit,
    rateLimitText: (wait) => `You have sent several enquiries in a short time. Please try again in ${wait}.`,
    keptText: 'Everything you typed is still here.',
  });
  const { state, loading, errors, announce } = lead;
  const [hydrated, setHydrated] = useState(false);
  const [car, setCar] = useState<VehicleValue>({
    make: vehicle?.make ?? '',
    model: vehicle?.model ?? '',
    variant: vehicle?.variant ?? '',
  });
  const [dealer, setDealer] = useState('');
  const { dealers, retry } = useDealers(chooseDealer && hydrated);
  const used = useUsedCar(form === 'used' && hydrated, props.used);

  useEffect(() => {
    setHydrated(true);
    enquiry.reset();
    setDealer(initialDealer());
  }, []);
  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (loading) return;
    const fd = new FormData(e.currentTarget);
    const usedCar = used.car.state === 'ready' ? used.car.car : undefined;
    const body: Record<string, unknown> = {
      form_name: preset.form_name,
      lead_type: preset.lead_type,
      source_code: special?.sourceCode || preset.source_code || undefined,
      first_name: text(fd, 'first_name'),
      last_name: text(fd, 'last_name'),
      email: text(fd, 'email'),
      cell_phone: text(fd, 'cell_phone'),
      message: text(fd, 'message'),
      make: usedCar?.make ?? (vehicle ? car.make : undefined),
      model: usedCar?.model ?? (vehicle ? car.model : undefined),
      variant: usedCar?.variant ?? (vehicle ? car.variant : undefined),
      vehicle_id: usedCar?.id,
      vinNo: fd.has('vinNo') ? text(fd, 'vinNo') : undefined,
      partNo: fd.has('partNo') ? text(fd, 'partNo') : undefined,
      special_slug: special?.slug,
      dealer_slug: chooseDealer ? dealer : (dealerSlug ?? undefined),
      uri: trimSlash(window.location.pathname),
      contact: fd.get('contact') === 'on',
      terms: fd.get('terms') === 'on',
      website: text(fd, 'website'),
    };
    await lead.submit(body, validateEnquiry(body, { form, requireDealer: chooseDealer }));
  }

  if (form === 'used' && used.car.state !== 'ready' && used.car.state !== 'loading') {
    return (
      <div className="lead-form" role="status">
        {used.car.state === 'missing' ? (
          <p>We could not find this vehicle. It may have been sold.</p>
        ) : (
          <p>
            We could not load this vehicle.{' '}
            <button type="button" className="link-button" onClick={used.retry}>
              Try again
            </button>
          </p>
        )}
        <a className="btn btn--ghost" href={withDealer(paths.preOwned(), site)}>
          Browse pre-owned cars
        </a>
      </div>
    );
  }

  return (
    <form
      className="lead-form"
      noValidate
      aria-label={copy.label}
      aria-busy={loading || undefined}
      onSubmit={onSubmit}
      onInput={(e) => lead.clearField((e.target as HTMLInputElement).name)}
    >
      <ErrorSummary
        form={formId}
        violations={state.violations}
        fields={FIELDS}
        title={`Please correct ${state.violations.length === 1 ? 'this error' : `these ${state.violations.length} errors`}:`}
      />
      {form === 'used' &&
        (used.car.state === 'ready' ? (
          <UsedCarSummary car={used.car.car} />
        ) : (
          <p className="used-car-summary" role="status">
            Loading the vehicle…
          </p>
        ))}
      <div className="field-row">
        <Input
          form={formId}
          name="first_name"
          label="First name"
          autoComplete="given-name"
          maxLength={60}
          error={errors.first_name}
        />
        <Input
          form={formId}
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          maxLength={60}
          error={errors.last_name}
        />
      </div>
      <div className="field-row">
        <Input
          form={formId}
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          spellCheck={false}
          maxLength={254}
          error={errors.email}
        />
        <Input
          form={formId}
          name="cell_phone"
          type="tel"
          label="Cell phone"
          hint="A South African number, e.g. 082 123 4567"
          autoComplete="tel"
          maxLength={30}
          error={errors.cell_phone}
        />
      </div>
      {vehicle && (
        <VehicleFields
          form={formId}
          choice={vehicle}
          value={car}
          onChange={setCar}
          errors={errors}
          variantOptional
        />
      )}
      {chooseDealer && (
        <DealerSelect
          form={formId}
          name="dealer_slug"
          dealers={dealers}
          onRetry={retry}
          value={dealer}
          onChange={(e) => setDealer(e.target.value)}
          error={errors.dealer_slug}
        />
      )}
      {form === 'parts' && (
        <div className="field-row">
          <Input
            form={formId}
            name="partNo"
            label="Part number"
            optional
            maxLength={60}
            autoComplete="off"
            error={errors.partNo}
          />
          <Input
            form={formId}
            name="vinNo"
            label="VIN"
            optional
            hint="17 letters and digits"
            maxLength={17}
            autoComplete="off"
            spellCheck={false}
            error={errors.vinNo}
          />
        </div>
      )}
      {form === 'service' && (
        <Input
          form={formId}
          name="vinNo"
          label="VIN"
          optional
          hint="17 letters and digits, on your licence disc"
          maxLength={17}
          autoComplete="off"
          spellCheck={false}
          error={errors.vinNo}
        />
      )}
      <TextArea
        form={formId}
        name="message"
        label={copy.messageLabel}
        hint={copy.messageHint}
        optional
        rows={10}
        maxLength={2000}
        error={errors.message}
      />
      <Checkbox
        form={formId}
        name="contact"
        label="You may contact me about this enquiry by phone or e-mail."
        error={errors.contact}
      />
      <Checkbox
        form={formId}
        name="terms"
        label={
          <>
            I accept the <a href="/documents/terms-and-conditions.pdf">terms and conditions</a> and the{' '}
            <a href={withDealer(paths.privacyPolicy(), site)}>privacy policy</a>.
          </>
        }
        error={errors.terms}
      />
      <Honeypot form={formId} />
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {state.message && (
        <p className="form-alert" role="alert">
          {state.message}
        </p>
      )}
      <div className="form-actions">
        <SubmitButton hydrated={hydrated} loading={loading}>
          {copy.submit}
        </SubmitButton>
      </div>
    </form>
  );
}
