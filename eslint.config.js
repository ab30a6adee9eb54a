import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // generated/: openapi-typescript's output, compared byte for byte with what it generates (docs/client.md).
  { ignores: ['node_modules/', 'data/', 'coverage/', 'dist/', '.dist-build-*/', '.tmp/', 'generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config.ts only.' },
      ],
    },
  },
  {
    files: ['src/config.ts', 'scripts/**', 'bench/**', 'bin/**', '**/*.test.ts', 'test/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The dashboard's script runs in the browser (src/api/dashboard/static, served as is).
    files: ['src/api/dashboard/static/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Tests read JSON answers loosely; production code stays free of `any`.
    files: ['**/*.test.ts', 'test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
