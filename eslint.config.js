import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.tmp', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // A box that scrolls must take focus, or a keyboard cannot scroll it (axe scrollable-region-focusable).
      'no-restricted-imports': ['error', { paths: [
        { name: '@mui/material', importNames: ['TableContainer'], message: 'Use ScrollRegion (src/framework/ScrollRegion.tsx): focusable when it scrolls.' },
        // The browser's own checks would show its English message and stop the submit before ours.
        { name: 'react-admin', importNames: ['Form', 'SimpleForm', 'TabbedForm'], message: 'Use Form of src/framework/Form.tsx (noValidate).' },
      ] }],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.mjs', 'bench/**/*.ts', 'tests/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
