import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { uploadFolder } from '../../src/modules/inventory/adapters/http/upload-folder';
import { describeEachBackend } from '../support/backends';
import { until } from '../support/eventually';
import { createDealer, startTestApp, TestApp } from '../support/test-app';
import { csv, simpleCars, uploadCsv } from './inventory-fixtures';

/** Upload spool files live in DATA_DIR/uploads; a request removes its own, a start removes what a crash left. */
describeEachBackend('The upload folder', (backend) => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-uploads-'));
    folder = uploadFolder(dataDir);
    fs.mkdirSync(folder, { recursive: true });
    // As a process killed mid-upload leaves them: one an hour old, one being written right now.
    fs.writeFileSync(path.join(folder, 'inventory-upload-crashed'), 'vin,price\n');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(path.join(folder, 'inventory-upload-crashed'), anHourAgo, anHourAgo);
    fs.writeFileSync(path.join(folder, 'inventory-upload-in-progress'), 'vin,price\n');
    t = await startTestApp(backend, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  });

  it('is swept at start of what a crash left, not of an upload in progress', () => {
    expect(fs.readdirSync(folder)).toEqual(['inventory-upload-in-progress']);
  });

  it('holds no file of a finished upload, accepted or refused', async () => {
    fs.rmSync(path.join(folder, 'inventory-upload-in-progress'));
    const dealer = await createDealer(t);
    await uploadCsv(t, dealer.auth, csv(simpleCars(0, 3))).expect(200);
    await uploadCsv(t, dealer.auth, 'not,a\n"broken').expect(400);
    // Removed as the request ends (asynchronously, after the answer).
    await until(() => fs.readdirSync(folder).length === 0, 'the spool files to be removed');
  });
});
