/** Unit specs sit next to the code; e2e specs live under test/. Both run in one `npm test`. */
// Transpile only (fast); `npm run check` does the type checking.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }];
// Dependencies that ship only ES modules: Jest's CommonJS runtime needs them transpiled (Node loads them natively).
const ESM_PACKAGES = ['stream-json', 'stream-chain'];
const transform = { '^.+\\.ts$': tsJest, [`/node_modules/(${ESM_PACKAGES.join('|')})/.+\\.js$`]: tsJest };
const transformIgnorePatterns = [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`];
module.exports = {
  testTimeout: 30000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/libs'],
      testMatch: ['**/*.spec.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
      transform,
      transformIgnorePatterns,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
    },
  ],
};
