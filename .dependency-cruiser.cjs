/**
 * Which code may import which (docs/architecture.md#layering). Run by `npm run lint`:
 *   npx depcruise libs apps --config .dependency-cruiser.cjs
 * Paths are the resolved files, so `@tabour/*` (resolved through tsconfig.json's paths) and
 * relative imports are judged alike; type-only imports count, since a type is a dependency too.
 */

// The context libraries besides the three every context may use. A library that imports
// another library outside its list fails, so a new dependency between contexts is a decision
// written here, with its reason, rather than an accident.
const SHARED_LIBS = ['eventstore', 'platform', 'contracts'];
const LIB_ALLOWED = {
  // the base: an event store that knows no context, the wire types, and the platform's config,
  // errors and roles (which need the contract's codes and lists)
  eventstore: [],
  contracts: [],
  platform: ['contracts'],
  // sealing and opening personal data with a subject's own key, and erasing it
  privacy: [...SHARED_LIBS],
  accounts: [...SHARED_LIBS],
  organisation: [...SHARED_LIBS],
  // a customer's personal part is sealed with the customer's key
  customers: [...SHARED_LIBS, 'privacy'],
  devices: [...SHARED_LIBS],
  // rooms and equipment, which bookings reserve (docs/resources.md)
  resources: [...SHARED_LIBS],
  // a membership begins with the package chosen in the account's BusinessRegistered
  billing: [...SHARED_LIBS, 'accounts'],
  // tickets' names and notes are sealed with their own keys
  queues: [...SHARED_LIBS, 'privacy', 'customers'],
  // working days and holidays are the organisation's rules; booking subjects' personal data is
  // sealed with their own keys; a booking reserves resources, read through their context's query
  bookings: [...SHARED_LIBS, 'organisation', 'privacy', 'customers', 'resources'],
  // reminders and the daily summary are timed by the business's day (organisation's localDay)
  notifications: [...SHARED_LIBS, 'organisation'],
  // the statistics projection folds the queues', bookings' and organisation's events
  statistics: [...SHARED_LIBS, 'queues', 'bookings', 'organisation'],
  // the public events' schemas are checked against each context's own event types
  integrations: [...SHARED_LIBS, 'queues', 'bookings', 'customers', 'devices'],
};

/*
 * The folders of an app in layers, lowest first. A folder may import the folders of lower
 * layers only: an import of a folder in its own layer (laterally) or a higher one runs back up,
 * and that is how two folders come to depend on each other both ways. The files at the root of
 * src (the composition root: app.module.ts, main.ts, seed.ts; the web's App.tsx, main.tsx) are
 * above every folder, so no folder imports them. A folder not listed fails until it is placed.
 */
const API_LAYERS = [
  // what every HTTP context uses: guards, DTO fields, ids, paging, the spreadsheet reader
  ['common'],
  ['eventing'],
  ['observability', 'health'],
  ['accounts'],
  ['organisation', 'broadcast'],
  // rooms and equipment: departments name them, bookings reserve them
  ['resources'],
  ['customers'],
  ['queues'],
  // a booking checks in to a queue
  ['bookings'],
  // messages about tickets and bookings, and the replies that act on them
  ['notifications'],
  ['devices', 'statistics', 'billing', 'integrations', 'activity'],
];

const WEB_LAYERS = [
  ['auth'],
  ['data'],
  ['i18n', 'live'],
  ['components', 'feedback', 'profile', 'statistics'],
  ['activity', 'dashboard', 'settings'],
  ['notifications'],
  ['bookings', 'customers', 'layout', 'queues'],
  ['public', 'ticket'],
  ['kiosk'],
  ['display'],
  ['devices'],
];

const LIB_ENTRIES = ['^libs/[^/]+/src/index\\.ts$', '^libs/eventstore/src/testing(\\.ts|/index\\.ts)$'];

const alt = (names) => `(${names.join('|')})`;

function layerRules(app, layers) {
  const src = `^apps/${app}/src/`;
  const name = `${app}-import-back-up`;
  // What a folder may import of src is its own folder and those of lower layers; anything else
  // of src (a folder of its layer or above, one not placed yet, a root file) runs back up.
  const rules = layers.flatMap((layer, i) => {
    const below = layers.slice(0, i).flat();
    return layer.map((folder) => ({
      name,
      severity: 'error',
      comment: `${app}: ${folder} (layer ${i}) may import only ${below.length ? below.join(', ') : 'its own folder'} of src`,
      from: { path: `${src}${folder}/` },
      to: { path: src, pathNot: `${src}${alt([folder, ...below])}/` },
    }));
  });
  rules.push({
    name: `${app}-folder-without-layer`,
    severity: 'error',
    comment: `${app}: every folder of src is placed in a layer of .dependency-cruiser.cjs`,
    from: { path: `${src}[^/]+/`, pathNot: `${src}${alt(layers.flat())}/` },
    to: {},
  });
  return rules;
}

const libRules = Object.entries(LIB_ALLOWED).map(([lib, allowed]) => ({
  name: 'lib-imports-outside-its-list',
  severity: 'error',
  comment: `libs/${lib} may import only ${allowed.join(', ') || 'no other library'}`,
  from: { path: `^libs/${lib}/` },
  to: { path: '^libs/', pathNot: `^libs/${alt([lib, ...allowed])}/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'no module reaches itself through its imports',
      from: { path: '^(apps|libs)/' },
      to: { circular: true },
    },
    {
      name: 'lib-imports-app',
      severity: 'error',
      comment: 'the libraries know nothing of the API or the web',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-imports-lib',
      severity: 'error',
      comment: 'the browser gets the contract (@tabour/contracts) and no other library',
      from: { path: '^apps/web/' },
      to: { path: '^libs/', pathNot: '^libs/contracts/' },
    },
    {
      name: 'lib-internals',
      severity: 'error',
      comment: "a library is imported by its entry (@tabour/<lib>, its src/index.ts; the event store's testing entry for specs), never a file inside it",
      from: { path: '^apps/' },
      to: { path: '^libs/', pathNot: LIB_ENTRIES },
    },
    {
      name: 'lib-internals',
      severity: 'error',
      comment: 'another library is imported by its entry, never a file inside it',
      from: { path: '^libs/([^/]+)/' },
      to: { path: '^libs/', pathNot: ['^libs/$1/', ...LIB_ENTRIES] },
    },
    {
      name: 'lib-unlisted',
      severity: 'error',
      comment: 'every library has its list in LIB_ALLOWED',
      from: { path: '^libs/', pathNot: `^libs/${alt(Object.keys(LIB_ALLOWED))}/` },
      to: {},
    },
    ...libRules,
    ...layerRules('api', API_LAYERS),
    ...layerRules('web', WEB_LAYERS),
  ],
  options: {
    // tests' own helpers and the packages are not part of the layering
    doNotFollow: { path: ['node_modules', '^test/', '^e2e/'] },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
