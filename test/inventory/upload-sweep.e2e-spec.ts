import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { uploadFolder } from '../../src/modules/inventory/adapters/http/upload-folder';
import { describeEachBackend } from '../support/backends';
import { eventually, until } from '../support/eventually';
import { createDealerWithCli, Deployment, freshStore, Store } from '../support/service-processes';
import { csv, simpleCars } from './inventory-fixtures';

/**
 * Upload files no request owns any more are swept (decisions.md section 1): at start, and every
 * UPLOAD_SWEEP_INTERVAL_S once untouched for 2 x REQUEST_TIMEOUT_S, while the files of uploads in
 * progress are kept fresh by their process (so that no process sharing DATA_DIR removes them),
 * however long their handling takes. Against the built service (`npx nest build` first), killed with SIGKILL.
 */
// Long enough that a kill and restart of the built service on a loaded machine stays within 2 x REQUEST_TIMEOUT_S.
const REQUEST_TIMEOUT_S = 10;
const SWEEP_INTERVAL_S = 1;
const ABANDONED_AFTER_MS = 2 * REQUEST_TIMEOUT_S * 1000;

/**
 * Holds the inventory's writes from outside (MySQL: a table lock; SQLite: the database's write lock),
 * so an upload whose body has arrived waits in its handling until `release`.
 */
async function holdInventoryWrites(env: Record<string, string>): Promise<() => Promise<void>> {
  if (env.DATABASE_URL) {
    const conn = await createConnection({ uri: env.DATABASE_URL });
    await conn.query('LOCK TABLES inventory_cars WRITE');
    return async () => {
      await conn.query('UNLOCK TABLES');
      await conn.end();
    };
  }
  const db = new Database(path.join(env.DATA_DIR, 'dealer.sqlite'));
  db.exec('BEGIN IMMEDIATE');
  return () => {
    db.exec('ROLLBACK');
    db.close();
    return Promise.resolve();
  };
}

/** Starts a large CSV upload on a raw socket and sends only its first `sentBytes` (the rest never comes). */
function beginLargeUpload(url: string, auth: string, sentBytes: number): net.Socket {
  const { hostname, port } = new URL(url);
  const boundary = 'crashed-upload';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="cars.csv"\r\nContent-Type: text/csv\r\n\r\nvin,price\n`;
  const socket = net.connect(Number(port), hostname, () => {
    socket.write(`PUT /api/v1/inventory/used HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n`
      + `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${24 * 1024 * 1024}\r\n\r\n${head}`);
    socket.write(Buffer.alloc(sentBytes, '1HGCM82633A004352,10000\n'));
  });
  // Reset by the kill.
  socket.on('error', () => undefined);
  return socket;
}

const filesIn = (folder: string) => fs.readdirSync(folder);
const ageMs = (file: string) => Date.now() - fs.statSync(file).mtimeMs;

describeEachBackend('The upload sweep', (backend) => {
  let store: Store;
  let service: Deployment | null = null;
  let release: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await release?.();
    release = null;
    await service?.stop();
    service = null;
    await store.drop();
  });

  it('removes the file of an upload cut by a kill within 2 x REQUEST_TIMEOUT_S + the sweep interval, never one of an upload in progress', async () => {
    store = await freshStore(backend);
    const env = { ...store.env, REQUEST_TIMEOUT_S: String(REQUEST_TIMEOUT_S), UPLOAD_SWEEP_INTERVAL_S: String(SWEEP_INTERVAL_S) };
    const folder = uploadFolder(store.env.DATA_DIR);
    service = await Deployment.start(env, false);
    const dealer = await createDealerWithCli(env);

    // A process killed mid-upload leaves its spool file behind.
    const socket = beginLargeUpload(service.api(0).url, dealer.auth, 4 * 1024 * 1024);
    const orphan = await eventually(() => {
      const [name] = filesIn(folder);
      return name && fs.statSync(path.join(folder, name)).size >= 1024 * 1024 ? path.join(folder, name) : undefined;
    }, 'the upload to be spooling');
    await service.crash(0);
    const killedAt = Date.now();
    socket.destroy();

    // A start sweeps only what is untouched for 2 x REQUEST_TIMEOUT_S: this one is younger, and stays for now.
    await service.restart(0);
    expect(Date.now() - killedAt).toBeLessThan(ABANDONED_AFTER_MS);
    expect(fs.existsSync(orphan)).toBe(true);

    // Meanwhile an upload whose body arrived is held in its handling (its rows wait on the database).
    release = await holdInventoryWrites(env);
    const form = new FormData();
    form.append('File', new Blob([csv(simpleCars(0, 3))], { type: 'text/csv' }), 'cars.csv');
    const answer = fetch(`${service.api(0).url}/api/v1/inventory/used`, { method: 'PUT', headers: { Authorization: dealer.auth }, body: form });
    // Its spool file, and on SQLite the file its rows are staged in before the swap.
    const inProgress = await eventually(() => {
      const files = filesIn(folder).filter((name) => path.join(folder, name) !== orphan);
      const staged = backend.mysqlUrl !== null || files.some((name) => name.startsWith('inventory-staging-'));
      return files.length > 0 && staged ? files.map((name) => path.join(folder, name)) : undefined;
    }, 'the upload in progress to have its files');
    const lastWrittenAt = Math.max(...inProgress.map((file) => fs.statSync(file).mtimeMs));

    // The periodic sweep, without another restart, removes the orphan and only it.
    await until(() => !fs.existsSync(orphan), 'the orphaned upload file to be swept', { timeoutMs: ABANDONED_AFTER_MS + 10_000, intervalMs: 50 });
    expect(Date.now() - killedAt).toBeLessThan(ABANDONED_AFTER_MS + (SWEEP_INTERVAL_S + 2) * 1000);
    for (const file of inProgress) expect(fs.existsSync(file)).toBe(true);

    // Once the upload in progress has been handled for longer than 2 x REQUEST_TIMEOUT_S, a sweep
    // (seen removing a file placed for it) still leaves its files, and they look fresh to any
    // other process's sweep too.
    await until(() => Date.now() - lastWrittenAt > ABANDONED_AFTER_MS, 'the upload to be handled past 2 x REQUEST_TIMEOUT_S', { timeoutMs: ABANDONED_AFTER_MS + 5_000, intervalMs: 100 });
    const marker = path.join(folder, 'inventory-upload-abandoned-marker');
    fs.writeFileSync(marker, 'vin,price\n');
    fs.utimesSync(marker, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    await until(() => !fs.existsSync(marker), 'a sweep after that');
    for (const file of inProgress) {
      expect(fs.existsSync(file)).toBe(true);
      expect(ageMs(file)).toBeLessThan(ABANDONED_AFTER_MS / 2);
    }

    // Released, the upload completes, and its request removes its own files.
    await release();
    release = null;
    const res = await answer;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ num_inserts: 3, num_failed_inserts: 0 });
    await until(() => filesIn(folder).length === 0, 'the finished upload\'s files to be removed');
  }, 150_000);
});
