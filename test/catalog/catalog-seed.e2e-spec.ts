import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';

const MAIN = path.resolve(__dirname, '../../dist/src/main.js');

/** Starts the built API as `npm start` does, on the test app's database, and returns what it printed once it listens. */
async function startApi(t: TestApp, env: Record<string, string> = {}): Promise<string> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: npm test builds it first (pretest)`);
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...t.env, PORT: '0', HOST: '127.0.0.1', DEMO_SEED: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('swagger ui ')) resolve();
      });
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`the API exited (${code}) before listening: ${stderr}`)));
    });
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
  return stdout;
}

describeEachBackend('Seed catalog', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  const get = (url: string) => t.http().get(url).set('Authorization', dealer.auth).expect(200);

  beforeAll(async () => {
    t = await startTestApp(backend);
    dealer = await createDealer(t);
  });
  afterAll(() => t.close());

  it('is not loaded when CATALOG_SEED=false', async () => {
    const printed = await startApi(t, { CATALOG_SEED: 'false' });
    expect(printed).not.toContain('seed catalog');
    expect((await get('/api/v1/manufacturer')).body.total_row_count).toBe(0);
  }, 60000);

  it('loads on the first start into an empty catalog', async () => {
    const printed = await startApi(t);
    expect(printed).toMatch(/loaded the seed catalog: 54 manufacturers, 3588 model rows, 2415 trims \(\d+ ms\)/);

    const manufacturers = (await get('/api/v1/manufacturer?Take=500')).body;
    expect(manufacturers.total_row_count).toBe(54);
    expect(manufacturers.rows).toEqual(expect.arrayContaining([{ id: 'toyota', name: 'Toyota' }, { id: 'mercedes-benz', name: 'Mercedes-Benz' }]));

    const toyota = (await get('/api/v1/manufacturer/toyota/models?Take=500')).body;
    const camry = toyota.rows.filter((r: { model: string }) => r.model === 'Camry');
    expect(camry.length).toBeGreaterThan(1);
    const camry2023 = camry.find((r: { year: number }) => r.year === 2023);
    expect(camry2023).toMatchObject({ id: 'toyota-camry-2023', manufacturer_id: 'toyota', type: 'Sedan', region: 'CA,US' });
    expect(camry2023.trims.length).toBeGreaterThan(0);
    expect(camry2023.trims[0].car_properties.map((p: { tag: string }) => p.tag)).toEqual(expect.arrayContaining(['engine', 'drivetrain']));

    const mercedes = (await get('/api/v1/manufacturer/mercedes-benz/models?region=ca&Take=500')).body;
    expect(mercedes.rows.map((r: { model: string }) => r.model)).toContain('C-Class');
  }, 60000);

  it('is not loaded again on later starts', async () => {
    const before = (await get('/api/v1/manufacturer/toyota/models?Take=500')).body;
    const printed = await startApi(t);
    expect(printed).toContain('listening');
    expect(printed).not.toContain('seed catalog');
    expect((await get('/api/v1/manufacturer/toyota/models?Take=500')).body).toEqual(before);
  }, 60000);
});
