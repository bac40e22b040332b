import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Rule {
  name: string;
  severity: string;
}
interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

/**
 * A small tree laid out like the project (src/modules/<context>/..., libs/, test/), with one file per
 * rule that breaks it and a few that are allowed. The project's node_modules is linked in, so package
 * imports resolve as they do in the real tree.
 */
const PROBE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'commonjs', target: 'ES2022', strict: true, esModuleInterop: true } }),
  'src/modules/alpha/alpha.module.ts': `export const ALPHA_MODULE = 'alpha';\n`,
  'src/modules/alpha/index.ts': `export { Thing } from './domain/thing';\n`,
  'src/modules/alpha/domain/thing.ts': `export interface Thing { id: string }\n`,
  'src/modules/alpha/domain/thing.spec.ts': `import { Injectable } from '@nestjs/common';\nimport { helper } from '../../../../test/support/helper';\nexport { Injectable, helper };\n`,
  'src/modules/alpha/domain/leaky.ts': [
    `import { Injectable } from '@nestjs/common';`,
    `import type { Repository } from 'typeorm';`,
    `import type { Request } from 'express';`,
    `import { AlphaController } from '../adapters/http/alpha.controller';`,
    `import { makeThing } from '../application/make-thing.use-case';`,
    `export type Leaks = [typeof Injectable, Repository<object>, Request, AlphaController, typeof makeThing];`,
    ``,
  ].join('\n'),
  'src/modules/alpha/application/make-thing.use-case.ts': `import type { Thing } from '../domain/thing';\nexport const makeThing = (id: string): Thing => ({ id });\n`,
  'src/modules/alpha/application/uses-adapter.ts': `import { AlphaController } from '../adapters/http/alpha.controller';\nexport const controller = new AlphaController();\n`,
  'src/modules/alpha/adapters/http/alpha.controller.ts': `export class AlphaController {}\n`,
  'src/modules/beta/application/allowed.ts': `import type { Thing } from '../../alpha';\nimport type { Thing as Same } from '../../alpha/index';\nimport { ALPHA_MODULE } from '../../alpha/alpha.module';\nexport type Both = [Thing, Same, typeof ALPHA_MODULE];\n`,
  'src/modules/beta/application/reaches-in.ts': `import type { Thing } from '../../alpha/domain/thing';\nimport { makeThing } from '../../alpha/application/make-thing.use-case';\nexport const x: Thing = makeThing('x');\n`,
  'src/cycle-a.ts': `import { b } from './cycle-b';\nexport const a = (): string => b();\n`,
  'src/cycle-b.ts': `import { a } from './cycle-a';\nexport const b = (): string => typeof a;\n`,
  'src/uses-test-code.ts': [
    `import { helper } from '../test/support/helper';`,
    `import { fixture } from './modules/alpha/domain/testing/fixture';`,
    `import { probe } from './probe.spec';`,
    `export const all = [helper, fixture, probe];`,
    ``,
  ].join('\n'),
  'src/probe.spec.ts': `export const probe = 1;\n`,
  'src/modules/alpha/domain/testing/fixture.ts': `export const fixture = 1;\n`,
  'libs/common/config-reader.ts': `import { a } from '../../src/cycle-a';\nexport const read = a;\n`,
  'test/support/helper.ts': `export const helper = 1;\n`,
};

/** What the rules must report on PROBE, and nothing else: `rule: from -> to`. */
const EXPECTED = [
  'domain-no-framework: src/modules/alpha/domain/leaky.ts -> @nestjs/common',
  'domain-no-framework: src/modules/alpha/domain/leaky.ts -> typeorm',
  'domain-no-framework: src/modules/alpha/domain/leaky.ts -> express',
  'domain-no-adapters-or-application: src/modules/alpha/domain/leaky.ts -> src/modules/alpha/adapters/http/alpha.controller.ts',
  'domain-no-adapters-or-application: src/modules/alpha/domain/leaky.ts -> src/modules/alpha/application/make-thing.use-case.ts',
  'application-no-adapters: src/modules/alpha/application/uses-adapter.ts -> src/modules/alpha/adapters/http/alpha.controller.ts',
  'no-cross-context-internals: src/modules/beta/application/reaches-in.ts -> src/modules/alpha/domain/thing.ts',
  'no-cross-context-internals: src/modules/beta/application/reaches-in.ts -> src/modules/alpha/application/make-thing.use-case.ts',
  'no-circular: src/cycle-a.ts <-> src/cycle-b.ts',
  'libs-not-to-src: libs/common/config-reader.ts -> src/cycle-a.ts',
  'production-not-to-test-code: src/uses-test-code.ts -> test/support/helper.ts',
  'production-not-to-test-code: src/uses-test-code.ts -> src/modules/alpha/domain/testing/fixture.ts',
  'production-not-to-spec: src/uses-test-code.ts -> src/probe.spec.ts',
];

/** A cycle is reported once, from whichever member: name it by its members. */
function describeViolation(v: Violation): string {
  if (v.cycle) return `${v.rule.name}: ${[...new Set([v.from, ...v.cycle.map((step) => step.name)])].sort().join(' <-> ')}`;
  return `${v.rule.name}: ${v.from} -> ${short(v.to)}`;
}

/** A resolved package path, wherever its node_modules is, shortened to the package name. */
function short(to: string): string {
  const match = /node_modules\/(?:@types\/)?((?:@[^/]+\/)?[^/]+)/.exec(to);
  return match ? match[1] : to;
}

describe('npm run lint:deps (dependency-cruiser)', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-deps-'));
    for (const [file, text] of Object.entries(PROBE)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('has rules for the real tree, every one an error', () => {
    const config = createRequire(__filename)(CONFIG) as { forbidden: Rule[]; options: { tsPreCompilationDeps: boolean } };
    expect(config.forbidden.length).toBeGreaterThan(0);
    expect(config.forbidden.map((rule) => rule.name).sort()).toEqual(
      [...new Set(EXPECTED.map((line) => line.split(':')[0]))].sort(),
    );
    for (const rule of config.forbidden) expect(rule.severity).toBe('error');
    expect(config.options.tsPreCompilationDeps).toBe(true);
  });

  it('reports each violation in a probe tree (type-only imports included) and lets the allowed imports pass', () => {
    const run = depcruise(['src', 'libs', '--config', CONFIG, '--output-type', 'json']);
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
    expect(result.summary.violations.map(describeViolation).sort()).toEqual([...EXPECTED].sort());
    for (const v of result.summary.violations) expect(v.rule.severity).toBe('error');
  });

  it('fails `npm run lint:deps` with readable lines', () => {
    const script = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['lint:deps'];
    const [command, ...args] = script.split(/\s+/);
    expect(command).toBe('depcruise');
    fs.copyFileSync(CONFIG, path.join(dir, path.basename(CONFIG)));
    const run = depcruise(args);
    // The exit code is the number of errors: non-zero fails `npm test`.
    expect(run.status).toBe(EXPECTED.length);
    expect(run.stdout).toContain('error domain-no-framework: src/modules/alpha/domain/leaky.ts → ');
    expect(run.stdout).toContain('error libs-not-to-src: libs/common/config-reader.ts → src/cycle-a.ts');
  });

  /** The dependency-cruiser CLI, run in the probe tree. */
  function depcruise(args: string[]) {
    return spawnSync(process.execPath, [DEPCRUISE, ...args], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
  }
});
