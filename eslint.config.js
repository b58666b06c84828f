// Lint rules, above all the one-way imports of docs/architecture.md ("Doors"): routes -> features -> (ui, local, sync,
// api, contract, lib); sync -> api; ui -> contract, lib; contract -> lib; lib -> lib only; the server's rooms in layers.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import tseslint from 'typescript-eslint'

// Every folder of src/features is a feature: a new one is under the one-way rule from its first file.
const features = readdirSync(`${import.meta.dirname}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * What the visitor's page (profile.html: src/visitor*.ts(x) and the public-profile feature) must never load: its
 * bundle is the first thing a scan downloads on a phone network, and it carries no Mantine, no Dexie, no owner data
 * layer and no API client (decision 114).
 */
const visitorPageForbidden = [
  '@mantine/*',
  'dexie',
  'dexie-react-hooks',
  '@tanstack/react-router',
  '**/local/**',
  '**/sync/**',
  '**/api/**',
  // The shared UI pieces built on Mantine or the router; the rest of src/ui (icons, plain React) is allowed.
  '**/ui/anchor-link*',
  '**/ui/growing-textarea*',
  '**/ui/show-qr-link*',
]
const VISITOR_PAGE_MESSAGE = 'The visitor page loads no Mantine, router, Dexie, local data, sync or API client (decision 114).'

/**
 * The server's rooms from top to bottom (docs/architecture.md, "Server rooms"): a room imports only rooms of the lines
 * below its own, never one above or beside it, and nothing imports the assembly (app.ts, main.ts, start.ts, dev.ts).
 * Every room may import the root's shared types and settings (deps.ts, app-env.ts, config.ts). A new folder of server/
 * fails lint until it takes its line here, so no room is left out of the rule (decision 170).
 */
const SERVER_LAYERS = [
  ['sync'],
  ['accounts'],
  ['scans'],
  ['public-profile'],
  ['profiles', 'orders', 'link-previews', 'support'],
  ['notifications'],
  ['images', 'mail'],
  ['changes', 'profile-cache', 'outbound', 'site'],
  ['http'],
  ['db'],
]
const SERVER_ASSEMBLY = 'server/{app,main,start,dev}.ts'
const serverRooms = readdirSync(`${import.meta.dirname}/server`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const unplaced = serverRooms.filter((room) => !SERVER_LAYERS.flat().includes(room))
if (unplaced.length > 0) throw new Error(`eslint.config.js: place server/${unplaced.join(', server/')} in SERVER_LAYERS`)
const serverZones = SERVER_LAYERS.flatMap((layer, index) =>
  layer.map((room) => {
    const above = [...SERVER_LAYERS.slice(0, index).flat(), ...layer.filter((other) => other !== room)]
    const below = SERVER_LAYERS.slice(index + 1).flat()
    return {
      target: `server/${room}/**`,
      from: [SERVER_ASSEMBLY, ...above.map((other) => `server/${other}/**`)],
      message: `server/${room} imports only the rooms below it (${below.join(', ') || 'none'}) and the root's shared types (docs/architecture.md, Server rooms).`,
    }
  }),
)

/**
 * The visitor page's plain code: all that a first scan runs before the first Purchase tap (decision 176). It imports no
 * React, no icon components and no .tsx module, so the React page and its purchase flow load only on that tap.
 */
const visitorPlainFiles = ['dom-hooks', 'page-address', 'purchase-flow', 'purchase-replay', 'remembered-purchases', 'scan-beacon', 'scan-report', 'share-link', 'static-page', 'static-toasts', 'toast-store', 'visitor-theme'].map(
  (name) => `src/features/public-profile/${name}.ts`,
)
const reactFree = ['react', 'react-dom', 'react-dom/*', '@tabler/*', '**/*.tsx']
const REACT_FREE_MESSAGE = 'The visitor page runs no React before the first Purchase tap: its plain code imports none (decision 176).'

/** A no-restricted-imports rule whose patterns forbid the given folders (as seen from anywhere). */
function forbid(groups, message) {
  return ['error', { patterns: groups.map((group) => ({ group, message })) }]
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'src/routeTree.gen.ts', '.tmp/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // No circle of runtime imports anywhere (type-only imports do not count: they vanish from the built code).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': forbid(
        [['**/routes/**', '**/features/**', '**/ui/**', '**/local/**', '**/sync/**', '**/api/**', '**/server/**', '**/sw/**']],
        'contract/ imports only contract/ and lib/.',
      ),
    },
  },
  {
    // lib is the bottom room: pure helpers that need nothing of ours (the contract re-exports what it shares from here).
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': forbid(
        [['**/routes/**', '**/features/**', '**/ui/**', '**/local/**', '**/sync/**', '**/api/**', '**/contract/**', '**/server/**', '**/sw/**', '../*']],
        'lib/ imports nothing of ours but lib/.',
      ),
    },
  },
  {
    // The shared React pieces: reached by features and routes, built on the contract and lib only.
    files: ['src/ui/**'],
    rules: {
      'no-restricted-imports': forbid(
        [['**/routes/**', '**/features/**', '**/local/**', '**/sync/**', '**/api/**', '**/server/**', '**/sw/**']],
        'ui/ imports only contract/ and lib/.',
      ),
    },
  },
  {
    files: ['src/local/**', 'src/sync/**'],
    rules: {
      'no-restricted-imports': forbid(
        [['**/routes/**', '**/features/**', '**/ui/**', '**/server/**', '**/sw/**']],
        'Shared modules never import routes, features or ui.',
      ),
    },
  },
  {
    // api sits below sync (sync -> api, never back): the locks both use live in api.
    files: ['src/api/**'],
    rules: {
      'no-restricted-imports': forbid(
        [['**/routes/**', '**/features/**', '**/ui/**', '**/server/**', '**/sw/**', '**/sync/**']],
        'api/ never imports routes, features, ui or sync (sync imports api).',
      ),
    },
  },
  ...features.map((feature) => {
    const oneWay = forbid(
      [
        ['**/routes/**', '**/server/**', '**/sw/**'],
        // Sibling features are reached by relative paths ('../wishlist/x.ts'), which never spell 'features/'.
        features.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}/**`, `**/features/${f}`, `../${f}/**`, `../../${f}/**`]),
      ],
      'A feature imports shared modules only: never routes, never another feature.',
    )
    // A later config replaces a rule's options rather than adding to them, so the visitor feature gets both in one.
    if (feature !== 'public-profile') return { files: [`src/features/${feature}/**`], rules: { 'no-restricted-imports': oneWay } }
    oneWay[1].patterns.push({ group: visitorPageForbidden, message: VISITOR_PAGE_MESSAGE })
    const plain = ['error', { patterns: [...oneWay[1].patterns, { group: reactFree, message: REACT_FREE_MESSAGE }] }]
    return [
      { files: [`src/features/${feature}/**`], rules: { 'no-restricted-imports': oneWay } },
      { files: visitorPlainFiles, rules: { 'no-restricted-imports': plain } },
    ]
  }).flat(),
  {
    files: ['src/visitor*.ts', 'src/visitor*.tsx'],
    rules: { 'no-restricted-imports': forbid([visitorPageForbidden], VISITOR_PAGE_MESSAGE) },
  },
  {
    files: ['src/visitor.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: visitorPageForbidden, message: VISITOR_PAGE_MESSAGE }, { group: reactFree, message: REACT_FREE_MESSAGE }] }],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': forbid(
        [['**/src/routes/**', '**/src/features/**', '**/src/ui/**', '**/src/local/**', '**/src/sync/**', '**/src/api/**', '**/sw/**']],
        'The server imports only src/contract and src/lib from src/.',
      ),
    },
  },
  {
    // The one door from the server into the UI: it renders the visitor page to HTML on a first scan (decision 062).
    files: ['server/public-profile/visitor-page.ts', 'server/public-profile/visitor-page.test.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [['**/src/routes/**', '**/src/local/**', '**/src/sync/**', '**/src/api/**', '**/sw/**']],
        'The visitor page renderer imports the public-profile feature, src/contract and src/lib only.',
      ),
    },
  },
  {
    files: ['sw/**'],
    rules: {
      'no-restricted-imports': forbid(
        [['**/src/routes/**', '**/src/features/**', '**/src/ui/**', '**/src/local/**', '**/src/sync/**', '**/server/**']],
        'The service worker imports only src/contract and src/lib.',
      ),
    },
  },
  {
    // The server's rooms run one way (SERVER_LAYERS). Tests beside the code may reach across to set a scene up.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverZones }] },
  },
)
