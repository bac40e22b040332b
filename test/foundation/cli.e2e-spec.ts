import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeEachBackend } from '../support/backends';
import { basicAuth, startTestApp, TestApp } from '../support/test-app';

const CLI = path.resolve(__dirname, '../../dist/src/cli.js');

describeEachBackend('Command line round trip', (backend) => {
  let t: TestApp;

  /** Runs the built CLI against the test app's database, as an operator would. */
  function cli(...args: string[]): { code: number | null; json: Record<string, unknown>; stderr: string } {
    const result = spawnSync(process.execPath, [CLI, ...args], { env: { ...process.env, ...t.env }, encoding: 'utf8' });
    const lines = result.stdout.trim().split('\n').filter(Boolean);
    return { code: result.status, json: lines.length ? JSON.parse(lines[lines.length - 1]) : {}, stderr: result.stderr };
  }

  beforeAll(async () => {
    if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: npm test builds it first (pretest)`);
    // No verification cache here, so a rotation is visible to the very next request.
    t = await startTestApp(backend, { AUTH_CACHE_TTL_SECONDS: '0' });
  });
  afterAll(() => t.close());

  it('create dealer -> call the API -> configure -> rotate -> the old secret is refused -> revoke', async () => {
    const created = cli('dealer', 'create', '--name', 'Acme Motors', '--region', 'CA');
    expect(created.code).toBe(0);
    expect(created.json).toEqual({ dealer_id: 'acme-motors', username: expect.stringMatching(/^dk_/), password: expect.any(String) });
    const oldAuth = basicAuth(created.json.username as string, created.json.password as string);
    await t.http().get('/api/v1/dealership').set('Authorization', oldAuth).expect(200);

    const file = path.join(t.config.dataDir, 'profile.json');
    fs.writeFileSync(file, JSON.stringify({ site_url: 'https://acme.example', reach_settings: { is_active: true, follow_up: [{ value: 2, unit: 'days' }] } }));
    const configured = cli('dealer', 'configure', '--id', 'acme-motors', '--file', file);
    expect(configured.code).toBe(0);
    const profile = await t.http().get('/api/v1/dealership').set('Authorization', oldAuth).expect(200);
    expect(profile.body.site_url).toBe('https://acme.example');
    expect(profile.body.reach_settings).toMatchObject({ is_active: true, follow_up: [{ value: 2, unit: 'days' }], email_white_list: [] });

    const rotated = cli('credentials', 'rotate', '--dealer', 'acme-motors');
    expect(rotated.code).toBe(0);
    expect(rotated.json.dealer_id).toBe('acme-motors');
    expect(rotated.json.username).not.toBe(created.json.username);
    await t.http().get('/api/v1/dealership').set('Authorization', oldAuth).expect(401);
    const newAuth = basicAuth(rotated.json.username as string, rotated.json.password as string);
    await t.http().get('/api/v1/dealership').set('Authorization', newAuth).expect(200);

    const revoked = cli('credentials', 'revoke', '--username', rotated.json.username as string);
    expect(revoked.json).toEqual({ username: rotated.json.username, revoked: true });
    await t.http().get('/api/v1/dealership').set('Authorization', newAuth).expect(401);
  });

  it('partner create prints a partner credential that dealer endpoints refuse with 403', async () => {
    const partner = cli('partner', 'create', '--name', 'Credit Partner');
    expect(partner.code).toBe(0);
    expect(partner.json).toEqual({ partner_id: 'credit-partner', username: expect.stringMatching(/^pk_/), password: expect.any(String), endpoints: ['credit-application'] });
    await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(partner.json.username as string, partner.json.password as string)).expect(403);
  });

  it('partner create --endpoints chooses what the credential opens, and refuses an unknown endpoint', () => {
    const engine = cli('partner', 'create', '--name', 'Messaging Engine', '--endpoints', 'messaging');
    expect(engine.code).toBe(0);
    expect(engine.json).toMatchObject({ partner_id: 'messaging-engine', endpoints: ['messaging'] });
    const narrowed = cli('partner', 'endpoints', '--id', 'messaging-engine', '--set', 'credit-application, messaging');
    expect(narrowed.json).toEqual({ partner_id: 'messaging-engine', endpoints: ['credit-application', 'messaging'] });
    const missing = cli('partner', 'endpoints', '--id', 'no-such-partner', '--set', 'messaging');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stderr.trim())).toMatchObject({ error: 'No partner no-such-partner', code: 'partner.not_found' });
    const unknown = cli('partner', 'create', '--name', 'Odd Partner', '--endpoints', 'messaging,billing');
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr.trim())).toMatchObject({
      error: 'Invalid partner', details: [{ field: 'endpoints', errors: ['must be one or more of credit-application, messaging; unknown: billing'] }],
    });
  });

  it('reports errors on stderr with a non-zero exit and nothing on stdout', () => {
    const duplicate = cli('dealer', 'create', '--name', 'Acme Motors');
    expect(duplicate.code).toBe(1);
    expect(duplicate.json).toEqual({});
    expect(JSON.parse(duplicate.stderr.trim())).toEqual({ error: 'Dealership acme-motors already exists', code: 'dealership.exists', details: null });

    const file = path.join(t.config.dataDir, 'bad-profile.json');
    fs.writeFileSync(file, JSON.stringify({ ai_activation: 'yes', unknown_field: 1 }));
    const bad = cli('dealer', 'configure', '--id', 'acme-motors', '--file', file);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr.trim()).details).toEqual([
      { field: 'ai_activation', errors: ['ai_activation must be a boolean'] },
      { field: 'unknown_field', errors: ['is not a dealership profile field'] },
    ]);

    for (const region of ['UK', 'EU', 'XK', 'ZZ']) {
      const unassigned = cli('dealer', 'create', '--name', `Region ${region} Motors`, '--region', region);
      expect(unassigned.code).toBe(1);
      expect(JSON.parse(unassigned.stderr.trim()).details).toEqual([{ field: 'region', errors: ['must be an ISO 3166-1 alpha-2 country code such as CA or US'] }]);
    }

    expect(cli('credentials', 'rotate', '--dealer', 'nobody').code).toBe(1);
    expect(cli('dealer', 'create').code).toBe(2);
  });

  it('demo seed is idempotent: the same credentials on every run, new ones only once those stop working', async () => {
    const first = cli('demo', 'seed');
    expect(first.code).toBe(0);
    expect(first.json).toMatchObject({ dealer_id: 'demo-motors', created: true });
    const again = cli('demo', 'seed');
    expect(again.json).toMatchObject({ dealer_id: 'demo-motors', username: first.json.username, password: first.json.password, created: false });
    await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(again.json.username as string, again.json.password as string)).expect(200);

    expect(cli('credentials', 'revoke', '--username', first.json.username as string).code).toBe(0);
    const reissued = cli('demo', 'seed');
    expect(reissued.json).toMatchObject({ dealer_id: 'demo-motors', created: false });
    expect(reissued.json.username).not.toBe(first.json.username);
    await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(reissued.json.username as string, reissued.json.password as string)).expect(200);
    expect(cli('demo', 'seed').json.username).toBe(reissued.json.username);
  });

  it('prints its help once', () => {
    const result = spawnSync(process.execPath, [CLI, '--help'], { env: { ...process.env, ...t.env }, encoding: 'utf8' });
    expect(result.stdout.match(/^Usage: /gm)).toHaveLength(1);
  });
});
