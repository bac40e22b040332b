// npm run eval:translate — scores the translator as the maintainers do: a fresh embedded server,
// a dealership holding both reference inventory files (uploaded through the API), then
// ../shared/tools/eval-translate.mjs against it, once on the shared dev set and once on the
// project's conversational set (test/fixtures/nl-queries.conversational.jsonl), both over the whole
// reference inventory; the two last lines are repeated at the end. Extra arguments go to the scorer
// (e.g. --verbose).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { API_MAIN, cli, ROOT, startServer, stopServer } from './support/processes.mjs';

const SHARED = path.resolve(ROOT, '../shared');
const env = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'eval-translate-')), CATALOG_SEED: 'true' };
const dealer = cli(env, 'dealer', 'create', '--name', 'Eval Motors', '--region', 'CA');
const server = await startServer(env, [], API_MAIN);
try {
  const auth = `Basic ${Buffer.from(`${dealer.username}:${dealer.password}`).toString('base64')}`;
  for (const [route, file] of [['used', 'reference-inventory.csv'], ['new/json', 'reference-inventory.new.json']]) {
    const form = new FormData();
    form.append('File', new Blob([fs.readFileSync(path.join(SHARED, 'data', file))]), file);
    const res = await fetch(`${server.url}/api/v1/inventory/${route}`, { method: 'PUT', headers: { authorization: auth }, body: form });
    const body = await res.json();
    if (res.status !== 200 || body.num_failed_inserts !== 0) throw new Error(`upload of ${file}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  const sets = [
    ['shared dev set', []],
    ['conversational set', ['--set', path.join(ROOT, 'test/fixtures/nl-queries.conversational.jsonl')]],
  ];
  const lastLines = [];
  for (const [name, setArgs] of sets) {
    console.log(`\n=== ${name} ===`);
    const result = spawnSync(process.execPath, [
      path.join(SHARED, 'tools/eval-translate.mjs'), '--base-url', server.url, '--user', dealer.username, '--password', dealer.password, ...setArgs, ...process.argv.slice(2),
    ], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
    process.stdout.write(result.stdout ?? '');
    const last = (result.stdout ?? '').trim().split('\n').pop() ?? '';
    lastLines.push(`${name}: ${/execution accuracy/.test(last) ? last : `no score (scorer exit ${result.status})`}`);
    if (result.status !== 0) process.exitCode = result.status ?? 1;
  }
  console.log(`\n${lastLines.join('\n')}`);
} finally {
  await stopServer(server);
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
}
