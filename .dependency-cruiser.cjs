/**
 * The layout's import rules (README "Source layout", docs/decisions/229-import-rules.md), checked by
 * `npm run check`. A rule names what must never be imported; a crossing fails the check with the rule's name.
 */
const PUBLIC = '^src/(pages|layouts|components|views|islands|client|middleware\\.ts)';
// The server's layers, top to bottom: each may import only its own layer and those below it.
const SERVER_ENTRY = '^src/server/(main|server|boot|app)\\.ts$';
const SERVER_ROUTES = '^src/server/(routes/|site\\.ts$)';
const SERVER_SERVICES = '^src/server/(leads|editor|publish|auth|stock|media)/|^src/server/present\\.ts$';
const SERVER_PLATFORM = '^src/server/(http|db|mail|openapi)/|^src/server/(hydra|log)\\.ts$';
/** The wiring type every service receives: it names the services' types, and only their types. */
const WIRING = '^src/server/deps\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one; split out what both need.',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'src/domain holds pure rules: it imports only src/domain and pure packages (valibot; libphonenumber-js ' +
        'for phone numbers; sanitize-html, a string transform).',
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: {
        pathNot: ['^src/domain/', 'node_modules/(valibot|libphonenumber-js|sanitize-html)/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'domain-no-node',
      severity: 'error',
      comment: 'src/domain runs in browsers too: no Node built-ins.',
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contract-imports-only-domain',
      severity: 'error',
      comment: 'src/contract is the wire: it imports only src/contract, src/domain and valibot.',
      from: { path: '^src/contract/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^src/(contract|domain)/', 'node_modules/(valibot|@valibot)/'] },
    },
    {
      name: 'config-imports-only-domain',
      severity: 'error',
      comment:
        'src/config says what the brand and the environment decide: it imports only src/config and src/domain.',
      from: { path: '^src/config/' },
      to: { path: '^src/', pathNot: '^src/(config|domain)/' },
    },
    {
      name: 'server-not-public',
      severity: 'error',
      comment: 'The API never imports browser or build-time site code, nor the admin.',
      from: { path: '^src/server/' },
      to: { path: '^src/(client|views|islands|admin|pages|layouts|components|build)/' },
    },
    {
      name: 'public-not-admin',
      severity: 'error',
      comment: 'Admin code never reaches a public page.',
      from: { path: PUBLIC },
      to: { path: '^src/admin/' },
    },
    {
      name: 'client-not-build-time',
      severity: 'error',
      comment: 'Browser code never imports build-time views or the server.',
      from: { path: '^src/(client|islands)/' },
      to: { path: '^src/(views|server|pages|layouts)/' },
    },
    {
      name: 'server-routes-below-entry',
      severity: 'error',
      from: { path: SERVER_ROUTES },
      to: { path: SERVER_ENTRY },
    },
    {
      name: 'server-services-below-routes',
      severity: 'error',
      comment: 'A service (leads, editor, publish, auth, stock, media) never imports a route or the app.',
      from: { path: SERVER_SERVICES },
      to: { path: [SERVER_ENTRY, SERVER_ROUTES] },
    },
    {
      name: 'server-services-side-by-side',
      severity: 'error',
      comment:
        'Services do not reach into each other: what several need is the platform (mail, db, http), media ' +
        '(stored photos) or who is asking (auth/principal, auth/audit).',
      from: { path: '^src/server/(leads|editor|publish|auth|stock|media)/' },
      to: {
        path: '^src/server/(leads|editor|publish|auth|stock|media)/',
        pathNot: ['^src/server/$1/', '^src/server/media/', '^src/server/auth/(principal|audit)\\.ts$'],
      },
    },
    {
      name: 'server-platform-below-services',
      severity: 'error',
      comment: 'http, db, mail, openapi, hydra and log serve the services and never import them.',
      from: { path: SERVER_PLATFORM },
      to: { path: [SERVER_ENTRY, SERVER_ROUTES, SERVER_SERVICES, WIRING] },
    },
    {
      name: 'wiring-names-types-only',
      severity: 'error',
      from: { path: WIRING },
      to: { path: '^src/', dependencyTypesNot: ['type-only'], pathNot: SERVER_PLATFORM },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
  },
};
