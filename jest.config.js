/** Unit specs sit next to the code; e2e specs live under test/. Both run in one `npm test`. */
// Transpile only (fast); `npm run check` does the type checking.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }];
module.exports = {
  testTimeout: 30000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/libs'],
      testMatch: ['**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      globalSetup: '<rootDir>/test/support/global-setup.ts',
    },
  ],
};
