/**
 * Every enquiry form of the site (SPEC §2, §5, §7): contact, new, used, special, parts, service and
 * test drive, one island configured per form. Text fields are uncontrolled (what a visitor types
 * before hydration is kept), validated with the shared schema before sending and by the API always;
 * errors appear under their fields and in a summary, and focus moves to the first invalid field.
 */
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../client/lead-client.ts';
import { enquiry } from '../../client/stores/enquiry.ts';
import { validateEnquiry } from '../../contract/forms/enquiry.ts';
import { type CarLink, parseCarLink } from '../../domain/car-link.ts';
import { type EnquiryForm as FormName, LEAD_PRESETS } from '../../domain/lead-presets.ts';
import { paths, trimSlash, withDealer } from '../../domain/urls.ts';
import { DealerSelect } from '../form-kit/DealerSelect.tsx';
import { ErrorSummary } from '../form-kit/ErrorSummary.tsx';
import { Checkbox, fieldsOf, Honeypot, Input, TextArea } from '../form-kit/Field.tsx';
import { initialDealer } from '../form-kit/initial-dealer.ts';
import { SubmitButton } from '../form-kit/SubmitButton.tsx';
import { typedBeforeHydration } from '../form-kit/typed-before-hydration.ts';
import { type DealerOption, useDealers } from '../form-kit/useDealers.ts';
import { useLeadSubmit } from '../form-kit/useLeadSubmit.ts';
import { BookingFields } from './BookingFields.tsx';
import { COPY, FIELD_ORDER, inFieldOrder, type UsedCar, type VehicleChoice } from './config.ts';
import { PhotoPicker, type PickedPhoto } from './PhotoPicker.tsx';
import { ServiceFields } from './ServiceFields.tsx';
import { UsedCarSummary } from './UsedCarSummary.tsx';
import { useUsedCar } from './useUsedCar.ts';
import { ValuationFields } from './ValuationFields.tsx';
import { VEHICLE_FIELDS, VehicleFields, type VehicleValue, withTyped } from './VehicleFields.tsx';
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
  /** The dealerships to choose from, from the build: the form offers them before (and without) scripts. */
  dealerOptions?: DealerOption[];
}

const FIELDS = new Set<string>(FIELD_ORDER);
const text = (fd: FormData, k: string) => String(fd.get(k) ?? '');
const BOOKING_FIELDS = ['preferred_date', 'preferred_time', 'service_type', 'registration', 'mileage'];
const VALUATION_FIELDS = ['year', 'mileage', 'condition'];
/** The controlled fields whose pre-hydration input is taken up (typed-before-hydration.ts). */
const TYPED_FIELDS: ReadonlySet<string> = new Set([
  ...VEHICLE_FIELDS,
  'preferred_date',
  'preferred_time',
  'dealer_slug',
]);
/** The fields this form shows, as typed; the others are not sent. */
const optionalFields = (fd: FormData, names: string[]) =>
  Object.fromEntries(names.filter((k) => fd.has(k)).map((k) => [k, text(fd, k)]));

export default function EnquiryForm(props: EnquiryFormProps) {
  const { form, formId, site, dealerSlug, vehicle, special } = props;
  const copy = COPY[form];
  const preset = LEAD_PRESETS[form];
  const chooseDealer = !dealerSlug && form !== 'used';
  const booking = form === 'test-drive' || form === 'service';
  const lead = useLeadSubmit({
    path: 'customer_enquiries',
    store: enquiry,
    formId,
    focus: 'field',
    fields: FIELDS,
    arrange: (violations) => inFieldOrder(violations, booking),
    submitLabel: copy.submit,
    rateLimitText: (wait) => `You have sent several enquiries in a short time. Please try again in ${wait}.`,
    keptText: 'Everything you typed is still here.',
  });
  const { state, loading, errors, announce } = lead;
  const field = fieldsOf(formId, errors);
  const vinInput = (hint: string) => (
    <Input
      {...field('vinNo')}
      label="VIN"
      optional
      hint={hint}
      maxLength={17}
      autoComplete="off"
      spellCheck={false}
    />
  );
  const [hydrated, setHydrated] = useState(false);
  const [car, setCar] = useState<VehicleValue>({
    make: vehicle?.make ?? '',
    model: vehicle?.model ?? '',
    variant: vehicle?.variant ?? '',
  });
  const [dealer, setDealer] = useState('');
  // The form's own idempotency key for a post without scripts (decision 265): empty in the static page,
  // which every visitor shares; the server derives one then, and renders a fresh one into a page it answers.
  const [formKey, setFormKey] = useState('');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  // A test drive of one car, from the vehicle page's link (src/domain/car-link.ts): its id goes with the lead.
  const [linked, setLinked] = useState<CarLink | null>(null);
  // Bookings also need the dealerships' opening hours when the page names its dealership.
  // The visitor has started on the form (focus or tap): the built dealership list is refreshed then.
  const [engaged, setEngaged] = useState(false);
  const { dealers, retry } = useDealers((chooseDealer || booking) && hydrated, props.dealerOptions, engaged);
  const used = useUsedCar(form === 'used' && hydrated, props.used);
  // A linked car is at its own dealership, where the lead goes: that one is not chosen (src/domain/car-link.ts).
  const carDealer = linked?.dealer;
  const dealerChoice = carDealer ?? (chooseDealer ? dealer : (dealerSlug ?? ''));
  const chosen =
    dealers.state === 'ready' ? dealers.options.find((d) => d.value === dealerChoice) : undefined;
  const hours = chosen?.hours ?? [];

  // What was typed or chosen before hydration in the fields this island controls (the text fields are
  // uncontrolled and keep it anyway).
  const root = useRef<HTMLFormElement>(null);
  const [typedDate, setTypedDate] = useState<string>();
  const [typedTime, setTypedTime] = useState<string>();
  useEffect(() => {
    setHydrated(true);
    setFormKey(newIdempotencyKey());
    enquiry.reset();
    const typed = typedBeforeHydration(root.current, TYPED_FIELDS);
    if (Object.keys(typed).length || root.current?.contains(document.activeElement)) setEngaged(true);
    setDealer(typeof typed.dealer_slug === 'string' ? typed.dealer_slug : initialDealer());
    setCar((c) => withTyped(c, typed)); // unchanged on a form without the car fields
    if (typeof typed.preferred_date === 'string') setTypedDate(typed.preferred_date);
    if (typeof typed.preferred_time === 'string') setTypedTime(typed.preferred_time);
    if (form === 'test-drive') {
      const car = parseCarLink(window.location.search);
      if (car.vehicle) setLinked(car);
    }
  }, [form]);
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
      make: usedCar?.make ?? (vehicle ? car.make : linked?.make),
      model: usedCar?.model ?? (vehicle ? car.model : linked?.model),
      variant: usedCar?.variant ?? (vehicle ? car.variant : undefined),
      vehicle_id: usedCar?.id ?? linked?.vehicle,
      vinNo: fd.has('vinNo') ? text(fd, 'vinNo') : undefined,
      partNo: fd.has('partNo') ? text(fd, 'partNo') : undefined,
      ...optionalFields(fd, BOOKING_FIELDS),
      ...(form === 'valuation'
        ? {
            make: text(fd, 'manufacturer'),
            model: text(fd, 'model'),
            ...optionalFields(fd, VALUATION_FIELDS),
            photos: photos.flatMap((p) => (p.id ? [p.id] : [])),
          }
        : {}),
      special_slug: special?.slug,
      dealer_slug: dealerChoice || undefined,
      uri: trimSlash(window.location.pathname),
      contact: fd.get('contact') === 'on',
      terms: fd.get('terms') === 'on',
      website: text(fd, 'website'),
    };
    if (photos.some((p) => p.state === 'uploading'))
      return lead.fail([], 'Your photos are still uploading. Please wait a moment and send again.');
    if (photos.some((p) => p.state === 'failed'))
      return lead.fail([
        {
          propertyPath: 'photos',
          message: 'Please remove the photos that could not be uploaded',
          code: 'invalid_photo',
        },
      ]);
    await lead.submit(body, validateEnquiry(body, { form, requireDealer: chooseDealer, hours }));
  }

  // The used-car test drive page books one car, named in its link: without one there is nothing to book.
  if (form === 'test-drive' && !vehicle && hydrated && !linked) {
    return (
      <div className="lead-form" role="status">
        <p>
          This form books a test drive of one pre-owned car. Open the car you like and choose "Book a test
          drive of this car".
        </p>
        <a className="btn btn--ghost" href={withDealer(paths.preOwned(), site)}>
          Browse pre-owned cars
        </a>
      </div>
    );
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

  const dealerSelect = chooseDealer && !carDealer && (
    <DealerSelect
      form={formId}
      label={form === 'service' ? 'Preferred dealership' : undefined}
      name="dealer_slug"
      dealers={dealers}
      onRetry={retry}
      value={dealer}
      onChange={(e) => setDealer(e.target.value)}
      error={errors.dealer_slug}
    />
  );

  return (
    // A real form: without scripts (or before them) it posts to the page's own address, and the server
    // answers with the thank-you page or this page with its errors (src/server/forms/).
    <form
      ref={root}
      method="post"
      // The valuation's photos go in the post itself when scripts did not upload them (decision 266).
      encType={form === 'valuation' ? 'multipart/form-data' : undefined}
      data-lead-form="enquiry"
      data-form-id={formId}
      className="lead-form"
      noValidate
      aria-label={copy.label}
      aria-busy={loading || undefined}
      onSubmit={onSubmit}
      onFocus={() => setEngaged(true)}
      onPointerDown={() => setEngaged(true)}
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
        <Input {...field('first_name')} label="First name" autoComplete="given-name" maxLength={60} />
        <Input {...field('last_name')} label="Last name" autoComplete="family-name" maxLength={60} />
      </div>
      <div className="field-row">
        <Input
          {...field('email')}
          type="email"
          label="Email"
          autoComplete="email"
          spellCheck={false}
          maxLength={254}
        />
        <Input
          {...field('cell_phone')}
          type="tel"
          label="Cell phone"
          hint="A South African number, e.g. 082 123 4567"
          autoComplete="tel"
          maxLength={30}
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
      {linked && (
        <p className="used-car-summary">
          <span className="used-car-name">
            {[linked.year, linked.make, linked.model].filter(Boolean).join(' ') || 'The car you chose'}
          </span>
          {linked.stock && <span className="used-car-facts"> · Stock number {linked.stock}</span>}
          {carDealer && chosen && <span className="used-car-facts"> · At {chosen.label}</span>}
        </p>
      )}
      {booking && dealerSelect}
      {booking && (
        <BookingFields
          form={formId}
          errors={errors}
          what={form === 'service' ? 'Service' : 'Test drive'}
          hours={hours}
          typedDate={typedDate}
          typedTime={typedTime}
          hydrated={hydrated}
        />
      )}
      {form === 'service' && <ServiceFields form={formId} errors={errors} />}
      {form === 'valuation' && (
        <>
          <ValuationFields form={formId} errors={errors} />
          <PhotoPicker
            form={formId}
            hydrated={hydrated}
            photos={photos}
            onChange={(update) => {
              lead.clearField('photos');
              setPhotos(update);
            }}
            error={errors.photos}
          />
        </>
      )}
      {!booking && dealerSelect}
      {form === 'parts' && (
        <div className="field-row">
          <Input
            {...field('partNo')}
            label="Part number"
            hint="Or describe the part below"
            optional
            maxLength={60}
            autoComplete="off"
          />
          {vinInput('17 letters and digits')}
        </div>
      )}
      {form === 'service' && vinInput('17 letters and digits, on your licence disc')}
      <TextArea
        {...field('message')}
        label={copy.messageLabel}
        hint={copy.messageHint}
        optional={form !== 'parts'}
        rows={10}
        maxLength={2000}
      />
      <Checkbox {...field('contact')} label="You may contact me about this enquiry by phone or e-mail." />
      <Checkbox
        {...field('terms')}
        label={
          <>
            I accept the <a href="/documents/terms-and-conditions.pdf">terms and conditions</a> and the{' '}
            <a href={withDealer(paths.privacyPolicy(), site)}>privacy policy</a>.
          </>
        }
      />
      <Honeypot form={formId} />
      <input type="hidden" name="form_name" value={preset.form_name} />
      <input type="hidden" name="idempotency_key" value={formKey} />
      {special && <input type="hidden" name="special_slug" value={special.slug} />}
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {state.message && (
        <p className="form-alert" role="alert">
          {state.message}
        </p>
      )}
      <div className="form-actions">
        <SubmitButton hydrated={hydrated} loading={loading} postsWithoutScript>
          {copy.submit}
        </SubmitButton>
      </div>
    </form>
  );
}
