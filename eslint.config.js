// Lint rules, above all the one-way imports of docs/design: routes -> features -> (local, sync, api, contract, lib).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const features = ['landing', 'auth', 'dashboard', 'wishlist', 'profile-settings', 'public-profile', 'order', 'purchases', 'support', 'shell', 'qr', 'scans']

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
    files: ['src/contract/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': forbid(
        [['**/routes/**', '**/features/**', '**/local/**', '**/sync/**', '**/api/**', '**/server/**', '**/sw/**']],
        'contract/ and lib/ import nothing of ours but each other.',
      ),
    },
  },
  {
    files: ['src/local/**', 'src/sync/**', 'src/api/**'],
    rules: {
      'no-restricted-imports': forbid(
        [['**/routes/**', '**/features/**', '**/server/**', '**/sw/**']],
        'Shared modules never import routes or features.',
      ),
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': forbid(
        [
          ['**/routes/**', '**/server/**', '**/sw/**'],
          features.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}/**`, `**/features/${f}`]),
        ],
        'A feature imports shared modules only: never routes, never another feature.',
      ),
    },
  })),
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': forbid(
        [['**/src/routes/**', '**/src/features/**', '**/src/local/**', '**/src/sync/**', '**/src/api/**', '**/sw/**']],
        'The server imports only src/contract and src/lib from src/.',
      ),
    },
  },
  {
    // The one door from the server into the UI: it renders the visitor page to HTML on a first scan (decision 062).
    files: ['server/services/visitor-page.ts', 'server/services/visitor-page.test.ts'],
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
        [['**/src/routes/**', '**/src/features/**', '**/src/local/**', '**/src/sync/**', '**/server/**']],
        'The service worker imports only src/contract and src/lib.',
      ),
    },
  },
)
