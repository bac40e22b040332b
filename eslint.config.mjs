// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Frameworks the domain layer must not import (house style, rule 1). */
const FRAMEWORKS = ['@nestjs/*', 'typeorm', 'typeorm/*', 'bull', 'express', 'class-validator', 'class-transformer', 'langchain', '@langchain/*', 'mysql2', 'mysql2/*', 'better-sqlite3', 'ioredis'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'bench/**', 'scripts/**', 'vendor/**', 'libs/client/schema.d.ts', '*.js', '*.cjs', '*.mjs'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-namespace': 'off',
    },
  },
  {
    files: ['src/modules/*/domain/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: FRAMEWORKS, message: 'domain/ is framework-free: put this in adapters/ or application/.' }] }],
    },
  },
);
