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
