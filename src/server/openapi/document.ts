/**
 * The OpenAPI 3.1 description of the API (DESIGN §4), served at /api/docs.json.
 * Other route groups (leads, editing) add their paths with `addPaths` when they register.
 */
type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const q = (name: string, description: string, schema: Json = { type: 'string' }) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});
const p = (name: string, description: string, schema: Json = { type: 'string' }) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});
const ok = (schema: Json, description = 'OK') => ({
  description,
  content: { 'application/ld+json': { schema } },
});
const err = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ref('Error') } },
});
const collectionOf = (name: string) => ({
  allOf: [
    ref('HydraCollection'),
    { type: 'object', properties: { 'hydra:member': { type: 'array', items: ref(name) } } },
  ],
});
const get = (summary: string, parameters: Json[], response: Json, notFound = false) => ({
  get: {
    summary,
    parameters,
    responses: {
      200: ok(response),
      400: err('A parameter is malformed; the message names it.'),
      ...(notFound ? { 404: err('Not found.') } : {}),
    },
  },
});

const listFilters = [
  q('page', 'Page number from 1 (12 cars a page).', { type: 'integer', minimum: 1 }),
  q('make_slug', 'Make slug, e.g. toyota.'),
  q('model_slug', 'Model slug, e.g. hilux.'),
  q('order[price]', 'asc or desc.', { enum: ['asc', 'desc'] }),
  q('order[year]', 'asc or desc.', { enum: ['asc', 'desc'] }),
  q('order[mileage]', 'asc or desc.', { enum: ['asc', 'desc'] }),
  q('fuelType[]', 'Repeatable: Petrol, Diesel, Hybrid.', {
    type: 'array',
    items: { enum: ['Petrol', 'Diesel', 'Hybrid'] },
  }),
  q('transmissionType[]', 'Repeatable: Automatic, Manual.', {
    type: 'array',
    items: { enum: ['Automatic', 'Manual'] },
  }),
  q('vehicle_state[]', 'Repeatable: Used, Demo.', { type: 'array', items: { enum: ['Used', 'Demo'] } }),
];

const obj = (properties: Json, required: string[] = []) => ({ type: 'object', properties, required });
const str = { type: 'string' };
const num = { type: 'number' };
const int = { type: 'integer' };

const schemas: Record<string, Json> = {
  HydraCollection: obj(
    {
      '@context': str,
      '@id': str,
      '@type': { const: 'hydra:Collection' },
      'hydra:member': { type: 'array' },
      'hydra:totalItems': int,
      'hydra:view': { type: 'object' },
    },
    ['@id', '@type', 'hydra:member', 'hydra:totalItems'],
  ),
  Error: obj(
    { '@type': str, title: str, status: int, detail: str, 'hydra:title': str, 'hydra:description': str },
    ['title', 'status', 'detail'],
  ),
  Dealer: obj({
    '@id': str,
    id: int,
    slug: str,
    dealerName: str,
    address: str,
    province: str,
    latitude: num,
    longitude: num,
    location: str,
    dealer_contact_no: str,
    uri: str,
    apiUri: str,
  }),
  Banner: obj({
    '@id': str,
    type: { enum: ['Car', 'Motorcycle'] },
    title: str,
    image: obj({ uri: str }),
    button: obj({ text: str, url: str }),
  }),
  Make: obj({
    name: str,
    slug: str,
    count: int,
    models: { type: 'array', items: obj({ name: str, slug: str, count: int }) },
  }),
  RangeModel: obj({
    id: int,
    make: str,
    model: str,
    make_slug: str,
    model_slug: str,
    type: str,
    mainImage: str,
    minPrice: int,
    modelPrice: int,
  }),
  Variant: obj({
    id: int,
    make: str,
    model: str,
    variant: str,
    variant_slug: str,
    type: str,
    description: str,
    mainImage: str,
    power: int,
    torque: int,
    transmission: int,
    transmission_type: str,
    term: int,
    interest: num,
    modelPrice: int,
    brochure: str,
    color: { type: 'array', items: obj({ name: str, hex_code: str, image: str }) },
    gallery: { type: 'array', items: obj({ image: str }) },
  }),
  VehicleSummary: obj({
    '@id': str,
    id: int,
    uri: str,
    image: obj({ uri: str }),
    make: str,
    model: str,
    transmission: str,
    fuel_type: str,
    exterior_color: str,
    year: int,
    mileage: obj({ value: int, unit: str }),
    state_of_vehicle: str,
    price: int,
    installment: num,
    dealer_name: str,
    dealer_province: str,
  }),
  VehicleDetail: obj({
    '@id': str,
    id: int,
    images: ref('HydraCollection'),
    price: int,
    make: str,
    model: str,
    year: int,
    mileage: ref('HydraCollection'),
    state_of_vehicle: str,
    transmission: str,
    fuel_type: str,
    exterior_color: str,
    dealer_name: str,
    status: { enum: ['available', 'sold'] },
  }),
  Special: obj({
    '@id': str,
    slug: str,
    title: str,
    model: str,
    introParagraph: str,
    thumbnail: str,
    image: str,
    source_code: str,
    price: { type: ['integer', 'null'] },
    valid_until: str,
  }),
  SpecialGroup: obj({
    model: str,
    slug: str,
    thumbnail: str,
    specials: { type: 'array', items: ref('Special') },
  }),
  Filters: obj({
    makes: { type: 'array', items: ref('Make') },
    fuelType: { type: 'array', items: obj({ value: str, count: int }) },
    transmissionType: { type: 'array', items: obj({ value: str, count: int }) },
    vehicle_state: { type: 'array', items: obj({ value: str, count: int }) },
  }),
  BlogPosting: obj({
    '@id': str,
    slug: str,
    title: str,
    description: str,
    image: obj({ uri: str }),
    publish_date: { type: 'string', format: 'date' },
    author: str,
    body: str,
    meta_title: str,
    meta_description: str,
    keywords: str,
  }),
};

const paths: Record<string, Json> = {
  '/api/dealers': get('All dealerships of the group.', [], collectionOf('Dealer')),
  '/api/dealers/{slug}': get(
    'One dealership by slug.',
    [p('slug', 'e.g. motus-subaru-west-rand')],
    ref('Dealer'),
    true,
  ),
  '/api/dealer-list/{name}': get(
    'The dealership whose site name (the /dealer/{name} prefix) matches.',
    [p('name', 'e.g. west-rand')],
    ref('Dealer'),
    true,
  ),
  '/api/banners': get(
    'Banners, optionally of one type.',
    [q('type', 'Car or Motorcycle; empty for all.', { enum: ['Car', 'Motorcycle', ''] })],
    collectionOf('Banner'),
  ),
  '/api/{dealerSlug}/vehicles': get(
    'Used and demo stock of a dealer, or of the whole group (group slug or "all"). Empty values are ignored.',
    [p('dealerSlug', 'Dealer slug, site name, group slug or all'), ...listFilters],
    collectionOf('VehicleSummary'),
    true,
  ),
  '/api/vehicles/{id}': get(
    'One used vehicle; a sold one answers with status "sold".',
    [p('id', 'Vehicle id', int)],
    ref('VehicleDetail'),
    true,
  ),
  '/api/makes': get(
    'Makes in stock with their models and counts.',
    [q('dealer', 'Limit to one dealer.')],
    collectionOf('Make'),
  ),
  '/api/filters': get(
    'Filter values with counts that agree with the listing (each facet ignores its own filter).',
    [q('dealer', 'Limit to one dealer.'), ...listFilters.slice(1)],
    ref('Filters'),
  ),
  '/api/filters/{make}/{model}': get(
    'Filter values within one make and model.',
    [
      p('make', 'Make slug (URL-encoded)'),
      p('model', 'Model slug (URL-encoded)'),
      q('dealer', 'Limit to one dealer.'),
    ],
    ref('Filters'),
  ),
  '/api/renault_ranges': get(
    'New-range variants (historical path name).',
    [
      q('page', 'Page from 1 (50 a page).', int),
      q('model_slug', 'Model slug.'),
      q('variant_slug', 'Variant slug.'),
      q('type', 'car or motorcycle.'),
    ],
    collectionOf('Variant'),
  ),
  '/api/ranges': get(
    'New-range models with their lowest price.',
    [q('type', 'car or motorcycle.')],
    collectionOf('RangeModel'),
  ),
  '/api/ranges/{make}/{model}': get(
    'One new-range model.',
    [p('make', 'Make slug'), p('model', 'Model slug')],
    ref('RangeModel'),
    true,
  ),
  '/api/vehicle_range/{id}': get(
    'One new-range variant by id.',
    [p('id', 'Variant id', int)],
    ref('Variant'),
    true,
  ),
  '/api/special-deals/{dealer}': get(
    'Vehicle specials of a dealer, grouped by model.',
    [p('dealer', 'Dealer slug or group slug'), q('deal', 'One special or model slug.')],
    collectionOf('SpecialGroup'),
    true,
  ),
  '/api/service-deals/{dealer}': get(
    'Service deals of a dealer, grouped.',
    [p('dealer', 'Dealer slug or group slug'), q('deal', 'One deal or group slug.')],
    collectionOf('SpecialGroup'),
    true,
  ),
  '/api/specials/{id}': get('One special by slug.', [p('id', 'Special slug')], ref('Special'), true),
  '/api/deals/{id}': get(
    'One special or service deal by slug.',
    [p('id', 'Deal slug')],
    ref('Special'),
    true,
  ),
  '/api/blog': get(
    'Blog posts, newest first, 6 a page.',
    [q('page', 'Page from 1.', int)],
    collectionOf('BlogPosting'),
  ),
  '/api/blog/{slug}': get(
    'One blog post with its HTML body.',
    [p('slug', 'Post slug')],
    ref('BlogPosting'),
    true,
  ),
};

export function addPaths(more: Record<string, Json>, moreSchemas: Record<string, Json> = {}) {
  Object.assign(paths, more);
  Object.assign(schemas, moreSchemas);
}

export function openApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dealer group API',
      version: '1.0.0',
      description: 'Hydra JSON-LD API behind the dealer-group website. Errors are application/problem+json.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: { schemas },
  };
}
