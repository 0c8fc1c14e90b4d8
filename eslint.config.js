// ESLint flat config (eslint 9). `npm run lint` runs it with --max-warnings 0, so a warning fails CI too.
import js from '@eslint/js';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// We promise no code evaluated from strings anywhere (web app, runtime, server): schema-driven screens
// must stay data, never code. no-eval/no-implied-eval/no-new-func catch the usual forms; these
// selectors catch spellings those rules let through.
const noEvalSyntax = [
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='Function']",
    message: 'Calling Function through an object (globalThis.Function) evaluates a string as code; we promise no eval.',
  },
  {
    selector: "CallExpression > Identifier.arguments[name='Function']",
    message: 'Handing the Function constructor around (Reflect.construct(Function, …)) evaluates a string as code; we promise no eval.',
  },
];

// Who may import whom (issue 13): the runtime stands on its own — it never imports the web app (src/)
// or the server; its headless folders (everything but views/ and widgets/) never import React views
// or widgets; widgets never import views (a view a widget needs is handed in by
// registerBuiltinWidgets, as the picker dialogs are). Each zone lists every pattern that applies to
// it, since a later config object replaces the rule's options instead of adding to them.
const runtimeOnItsOwn = {
  regex: '^(\\.\\./)+(src|server)(/|$)',
  message: 'The runtime never imports the web app (src/) or the server: move the shared piece into runtime/.',
};
const headlessStaysHeadless = {
  regex: '(^|/)(views|widgets)(/|$)',
  message: "runtime's headless folders never import views or widgets: move the shared piece down into a headless folder.",
};
const widgetsBelowViews = {
  regex: '(^|/)views(/|$)',
  message: 'Widgets never import views: move the shared piece down, or let registerBuiltinWidgets hand the view in.',
};

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'server/generated/**',
      // ajv's standalone validator code (npm run gen); its types are the .d.ts beside it.
      'runtime/generated/*.js',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': ['error', ...noEvalSyntax],
    },
  },
  // Browser code: the web app and the schema-driven runtime.
  {
    files: ['src/**/*.{ts,tsx}', 'runtime/**/*.{ts,tsx}', 'public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Node code: server, generators, scripts, benchmarks, configuration files and the tests' tooling.
  {
    files: [
      'server/**/*.ts',
      'generators/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'bench/**/*.{ts,mjs}',
      'tests/server/**/*.ts',
      'tests/support/**/*.ts',
      'tests/e2e/**/*.ts',
      '*.config.{js,ts,mjs}',
      '.ci/**/*.{js,mjs}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  // The server opens transactions only through server/db/transaction.ts inTransaction: on the embedded
  // database a query sent through the pool from inside a transaction waits for itself forever, and
  // the pool can refuse that at once only for transactions opened there.
  {
    files: ['server/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...noEvalSyntax,
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction'][arguments.length=0]",
          message: 'Open a transaction with inTransaction (server/db/transaction.ts), so the pool can tell a query that bypasses it.',
        },
      ],
    },
  },
  // no-restricted-imports does not see import(): the lazy forms of the same imports.
  {
    files: ['runtime/**/*.{ts,tsx}'],
    ignores: ['runtime/views/**', 'runtime/widgets/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [runtimeOnItsOwn, headlessStaysHeadless] }],
      'no-restricted-syntax': [
        'error',
        ...noEvalSyntax,
        { selector: 'ImportExpression[source.value=/(^|\\/)(views|widgets)(\\/|$)/]', message: headlessStaysHeadless.message },
      ],
    },
  },
  {
    files: ['runtime/widgets/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [runtimeOnItsOwn, widgetsBelowViews] }],
      'no-restricted-syntax': [
        'error',
        ...noEvalSyntax,
        { selector: 'ImportExpression[source.value=/(^|\\/)views(\\/|$)/]', message: widgetsBelowViews.message },
      ],
    },
  },
  {
    files: ['runtime/views/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [runtimeOnItsOwn] }] },
  },
  // Unit tests render React in jsdom and use Node helpers.
  {
    files: ['tests/unit/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // Hooks rules wherever React components or hooks live (hooks are often in plain .ts files).
  {
    files: ['**/*.tsx', 'src/**/*.ts', 'runtime/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
);
