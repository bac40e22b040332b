import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ImportCatalogUseCase } from '../../src/modules/catalog/application/import-catalog.use-case';
import { TestApp } from '../support/test-app';

const FIXTURES = path.join(__dirname, 'fixtures');
export const SMALL_CATALOG = path.join(FIXTURES, 'catalog.small.json');
export const MALFORMED_CATALOG = path.join(FIXTURES, 'catalog.malformed.json');
const CLI = path.resolve(__dirname, '../../dist/src/cli.js');

/** Loose shapes of the fixture files, enough to edit them in tests. */
export type FixtureRow = Record<string, unknown> & { id: string; trims?: FixtureRow[] };
export interface FixtureFile {
  format: string;
  manufacturers: { id: string; name: string; models: FixtureRow[] }[];
}

export function readFixture(file = SMALL_CATALOG): FixtureFile {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as FixtureFile;
}

/** Imports in-process, through the same use case as the CLI. */
export function importCatalog(t: TestApp, document: unknown = readFixture()) {
  return t.app.get(ImportCatalogUseCase).execute(document);
}

/** Runs the built CLI against the test app's database, as an operator would. */
export function cli(t: TestApp, ...args: string[]): { code: number | null; json: Record<string, unknown>; stdout: string; stderr: string } {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: npm test builds it first (pretest)`);
  const result = spawnSync(process.execPath, [CLI, ...args], { env: { ...process.env, ...t.env }, encoding: 'utf8' });
  const lines = result.stdout.trim().split('\n').filter(Boolean);
  return { code: result.status, json: lines.length ? JSON.parse(lines[lines.length - 1]) : {}, stdout: result.stdout, stderr: result.stderr };
}

/** Every stored catalog row, timestamps included, in a stable order: equal snapshots mean nothing was written. */
export async function catalogSnapshot(t: TestApp): Promise<Record<string, unknown[]>> {
  const q = (sql: string) => t.dataSource.query(sql) as Promise<unknown[]>;
  return {
    manufacturers: await q('SELECT * FROM catalog_manufacturers ORDER BY id'),
    models: await q('SELECT * FROM catalog_models ORDER BY manufacturer_id, id'),
    regions: await q('SELECT * FROM catalog_model_regions ORDER BY manufacturer_id, region, model_id'),
    trims: await q('SELECT * FROM catalog_trims ORDER BY manufacturer_id, id'),
  };
}

export function writeTemp(t: TestApp, name: string, content: unknown): string {
  const file = path.join(t.config.dataDir, name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}
