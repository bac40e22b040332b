// @ts-check
/**
 * Architecture rules (STYLE.md, "Rules of the house" and "How contexts meet"), checked by
 * `npm run lint:deps` and so by `npm test`. Every rule is an error. "Production code" is src/ and
 * libs/ without the unit specs; paths are relative to the repository root.
 * test/architecture/lint-deps.e2e-spec.ts proves each rule still bites.
 */

/** A unit or e2e spec. */
const SPEC = '\\.(e2e-)?spec\\.ts$';
/** Production code: src/ and libs/. */
const PRODUCTION = '^(src|libs)/';
/**
 * Frameworks and drivers the domain layer must not import (house rule 1). Matched on the resolved
 * path under node_modules (their @types/ twins too, since type-only imports count), or on the bare
 * name when it does not resolve.
 */
const FRAMEWORKS = ['@nestjs/[^/]+', 'typeorm', 'bull', 'express', 'class-validator', 'class-transformer', 'langchain', '@langchain/[^/]+', 'better-sqlite3', 'mysql2', 'ioredis'];
const FRAMEWORK_PATH = `(^|(^|/)node_modules/)(@types/)?(${FRAMEWORKS.join('|')})(/|$)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes load order matter and the modules inseparable: break it with a port or by moving the shared piece.',
      from: { path: PRODUCTION },
      to: { circular: true },
    },
    {
      name: 'domain-no-framework',
      severity: 'error',
      comment: 'domain/ is framework-free (house rule 1): put this in adapters/ or application/.',
      from: { path: '^src/modules/[^/]+/domain/', pathNot: SPEC },
      to: { path: FRAMEWORK_PATH },
    },
    {
      name: 'domain-no-adapters-or-application',
      severity: 'error',
      comment: 'domain/ depends on nothing outward: no adapters/ and no application/, of this context or another.',
      from: { path: '^src/modules/[^/]+/domain/', pathNot: SPEC },
      to: { path: '^src/modules/[^/]+/(adapters|application)/' },
    },
    {
      name: 'application-no-adapters',
      severity: 'error',
      comment: 'application/ talks to the outside through ports in domain/; adapters/ implement them and are bound in the module.',
      from: { path: '^src/modules/[^/]+/application/', pathNot: SPEC },
      to: { path: '^src/modules/[^/]+/adapters/' },
    },
    {
      name: 'no-cross-context-internals',
      severity: 'error',
      comment:
        "A context uses another only through that context's index.ts (or imports its <context>.module.ts): own a port in your domain/ and implement it in your adapters/ (STYLE.md, How contexts meet).",
      from: { path: '^src/modules/([^/]+)/', pathNot: SPEC },
      to: { path: '^src/modules/[^/]+/(domain|application|adapters)/', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'libs-not-to-src',
      severity: 'error',
      comment: 'libs/ is shared code below the application: it imports nothing from src/ (pass what it needs in, e.g. through a module option or a token).',
      from: { path: '^libs/' },
      to: { path: '^src/' },
    },
    {
      name: 'production-not-to-test-code',
      severity: 'error',
      comment: 'Production code does not import test/ or a testing/ folder (they are left out of the build).',
      from: { path: PRODUCTION, pathNot: SPEC },
      to: { path: ['^test/', '(^|/)testing/'] },
    },
    {
      name: 'production-not-to-spec',
      severity: 'error',
      comment: 'A spec is an entry point of the test runner, never a module to import.',
      from: { path: PRODUCTION, pathNot: SPEC },
      to: { path: SPEC },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^dist/', '^coverage/', '^libs/client/schema\\.d\\.ts$'] },
    // Type-only imports are dependencies too: a domain file importing a type from typeorm is a leak.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
