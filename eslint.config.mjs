// The linter's rules: typescript-eslint's type-checked recommendations, plus the project's own (see CONTRIBUTING.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Request inputs are typed by their Joi schema (route `validate`), never by a cast.
const requestInputCast = (node) =>
  `${node} > MemberExpression[object.name=/^(request|req)$/][property.name=/^(payload|query|params|headers|state)$/]`;

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'reports/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // A leading underscore marks a parameter kept for its position, or a property left out of a rest copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Off: an async implementation of a Promise-returning interface turns its throws into rejections.
      '@typescript-eslint/require-await': 'off',
      // Off: the patterns that name control characters do so on purpose (XML text, names, fuzzed input).
      'no-control-regex': 'off',
      // The getters of an object built by a method reach their builder as `self`.
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['self'] }],
      // A rejection passes on what it was given (an abort reason, a caught error) unchanged.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      'no-restricted-syntax': [
        'error',
        ...['TSAsExpression', 'TSTypeAssertion'].flatMap((cast) => [
          { selector: requestInputCast(cast), message: 'Type a request input by its route validation, not a cast.' },
          {
            selector: `${cast} > MemberExpression > ${requestInputCast('MemberExpression').slice('MemberExpression > '.length)}`,
            message: 'Type a request input by its route validation, not a cast.',
          },
        ]),
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', '**/self-test/**/*.ts'],
    rules: {
      // @types/jest types the asymmetric matchers (expect.any, expect.stringMatching, ...) as `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests load modules after setting their environment, and ESM-only packages through jest's moduleNameMapper.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Self-test deployments and fault servers are test code: only tests may import them (and the mutation engine,
    // a dev tool built on the same proxy, never shipped in the suite's package).
    files: ['**/*.ts'],
    ignores: [
      '**/self-test/**',
      '**/test/**',
      '**/*.test.ts',
      '**/*.faults.ts',
      'scripts/**',
      'conformance/mutation/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/self-test/**', '**/self-test'], message: 'self-test/ is for tests only.' }] },
      ],
    },
  },
);
