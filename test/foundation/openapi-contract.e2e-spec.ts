import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The committed document (the same as the served one: openapi.e2e-spec.ts) is a contract clients
 * can generate code from: Redocly's recommended rules pass clean, and the house rules hold.
 */
const ROOT = path.resolve(__dirname, '../..');
const FILE = path.join(ROOT, 'libs/client/openapi.json');
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const document = JSON.parse(fs.readFileSync(FILE, 'utf8')) as Json;
const operations: [string, string, Json][] = Object.entries(document.paths as Json).flatMap(([route, item]) =>
  Object.entries(item as Json).map(([method, operation]) => [route, method, operation as Json] as [string, string, Json]));

describe('The OpenAPI contract', () => {
  it('passes Redocly lint with the recommended ruleset: 0 errors, 0 warnings', () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', FILE, '--format=json', '--max-problems=50'], {
      encoding: 'utf8', cwd: ROOT, timeout: 60_000, env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
    });
    if (!result.stdout.includes('{')) throw new Error(`redocly printed no report (status ${result.status}): ${result.stderr}`);
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect({ totals: report.totals, problems: report.problems.map((p) => `${p.ruleId}: ${p.message}`) }).toEqual({ totals: expect.objectContaining({ errors: 0, warnings: 0 }), problems: [] });
  });

  it('has the client types generated from it (run `npm run openapi` after changing an endpoint)', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'schema-')), 'schema.d.ts');
    const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), FILE, '-o', out], { encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe(fs.readFileSync(path.join(ROOT, 'libs/client/schema.d.ts'), 'utf8'));
  });

  it('names every operation (no generated Controller_method ids), each once', () => {
    const ids = operations.map(([, , op]) => op.operationId as string);
    expect(ids.filter((id) => !/^[a-z][A-Za-z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['searchCars', 'translateQuery', 'uploadUsedInventory', 'engageContact', 'getDealership']));
  });

  it('gives every 4xx/5xx the error body (problem details on the webhooks) with an example', () => {
    const wrong: string[] = [];
    for (const [route, method, op] of operations) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        if (!/^[45]/.test(status)) continue;
        const expected = route.startsWith('/api/v1/webhooks/') ? ['application/problem+json', 'ProblemDetails'] : ['application/json', 'ErrorBody'];
        const media = (response as Json).content?.[expected[0]];
        // Health answers a 503 with its checks, a named schema of its own.
        const ownBody = route.startsWith('/health/') && status.startsWith('5') && /Response$/.test(media?.schema?.$ref ?? '');
        const schemaOk = ownBody || media?.schema?.$ref === `#/components/schemas/${expected[1]}`;
        if (!schemaOk || media.example === undefined) wrong.push(`${method} ${route} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has named schemas for every body, integer paging, optional parameters optional, one Idempotency-Key', () => {
    const inline: string[] = [];
    for (const [route, method, op] of operations) {
      const medias = [...Object.values((op.requestBody as Json)?.content ?? {}), ...Object.values(op.responses as Json).flatMap((r) => Object.values((r as Json).content ?? {}))] as Json[];
      for (const media of medias) if (media.schema && !media.schema.$ref && media.schema.type !== 'string') inline.push(`${method} ${route}`);
      for (const p of (op.parameters ?? []) as Json[]) {
        if (['Skip', 'Take', 'take', 'Cursor'].includes(p.name)) expect([p.name, p.schema.type]).toEqual([p.name, 'integer']);
        if (p.in === 'query') expect([route, p.name, p.required]).toEqual([route, p.name, false]);
      }
    }
    expect(inline).toEqual([]);
    const engage = document.paths['/api/v1/ailm/engage'].post as Json;
    expect((engage.parameters as Json[]).filter((p) => p.in === 'header').map((p) => [p.name, p.required])).toEqual([['Idempotency-Key', false]]);
  });

  it('has an example on every request and response body (Redocly checks each against its schema)', () => {
    const missing: string[] = [];
    for (const [route, method, op] of operations) {
      const bodies = [...Object.entries((op.requestBody as Json)?.content ?? {}).map(([type, m]) => ['request', type, m]), ...Object.entries(op.responses as Json).flatMap(([status, r]) => Object.entries((r as Json).content ?? {}).map(([type, m]) => [status, type, m]))] as [string, string, Json][];
      for (const [what, type, media] of bodies) if (media.example === undefined && media.examples === undefined && type !== 'text/event-stream') missing.push(`${method} ${route} ${what} ${type}`);
    }
    expect(missing).toEqual([]);
    expect(document.paths['/api/v1/search'].post.requestBody.content['application/json'].example).toEqual({ query: 'red AWD SUV under 30k', skip: 0, take: 20 });
  });

  it('declares servers, Basic and the signature schemes, and a tag with a description per context', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['basic', 'messagingSignature', 'partnerSignature']);
    const webhook = document.paths['/api/v1/webhooks/partner/integration-enabled'].post as Json;
    expect(webhook.security).toEqual([{ basic: [], partnerSignature: [] }]);
    const tags = (document.tags as Json[]).map((t) => t.name);
    for (const context of ['dealership', 'inventory', 'search', 'catalog', 'conversations', 'assistant', 'engagement', 'partner webhooks']) expect(tags).toContain(context);
    for (const [, , op] of operations) expect(tags).toEqual(expect.arrayContaining(op.tags as string[]));
  });
});
