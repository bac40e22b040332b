// npm run bench:inventory — the replace-all CSV upload through the API against MySQL's own
// LOAD DATA LOCAL INFILE of the same rows into an equivalent table (same columns, keys and
// indexes), in one run, on MySQL/MariaDB. Reports rows/s of both, their ratio, the API server's
// peak RSS during the uploads, a second upload of the same file (replacing every row in place) and
// a third of as many other VINs (every old row deleted, every new one inserted), with the CPU
// seconds the API and the database server spent on each.
// Targets (issue 15): API >= 0.8x LOAD DATA; peak RSS < 200 MB; the other-VIN replace < 10 s
// (and, from before, the second upload <= 1.2x the first).
//
// Env: BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306; needs the right to SET GLOBAL local_infile),
//      BENCH_ROWS (200000), BENCH_ROUNDS (3), BENCH_KEEP=1 keeps the database and the CSV.
//      BENCH_API_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"): node options of the API process.
//      BENCH_BUFFER_POOL_MB sets InnoDB's buffer pool for the run (SET GLOBAL; put back after).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { API_MAIN, cli, cpuSeconds, ROOT, rssMb, startServer, stopServer } from './support/processes.mjs';

const require = createRequire(import.meta.url);
const mysql = require('mysql2/promise');
const { withCheckDigit } = require('../dist/src/modules/inventory/domain/vin.js');

const ROWS = Number(process.env.BENCH_ROWS ?? 200000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ADMIN_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const DB = 'dealer_bench_inventory';
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${DB}`;

// ------------------------------------------------------------------ the CSV (realistic rows, valid VINs)
const HEADER = ['vin', 'stock_number', 'year', 'manufacturer', 'model', 'trim', 'type', 'condition', 'certified', 'price', 'display_price',
  'currency_code', 'kilometers', 'color', 'fuel_type', 'transmission', 'drive_train', 'engine', 'horse_power', 'torque', 'doors', 'seats',
  'fuel_economy_city', 'fuel_economy_highway', 'monthly_lease_payment', 'monthly_finance_payment', 'options', 'accident', 'car_fax',
  'description', 'site_url', 'image_url', 'image_url_list', 'video_url', 'source_id', 'source_system', 'stock_status'];
const MODELS = [
  ['Toyota', 'Camry', 'Sedan', '4T1', ['LE', 'SE', 'XLE', 'XSE']], ['Toyota', 'RAV4', 'SUV', '2T3', ['LE', 'XLE', 'Limited']],
  ['Honda', 'Civic', 'Sedan', '2HG', ['LX', 'Sport', 'EX', 'Touring']], ['Honda', 'CR-V', 'SUV', '2HK', ['LX', 'EX', 'EX-L', 'Touring']],
  ['Ford', 'F-150', 'Truck', '1FT', ['XL', 'XLT', 'Lariat', 'Platinum']], ['Ford', 'Escape', 'SUV', '1FM', ['S', 'SE', 'Titanium']],
  ['Chevrolet', 'Silverado 1500', 'Truck', '1GC', ['WT', 'LT', 'RST', 'High Country']], ['Hyundai', 'Tucson', 'SUV', 'KM8', ['Essential', 'Preferred', 'Ultimate']],
  ['Kia', 'Telluride', 'SUV', '5XY', ['LX', 'EX', 'SX']], ['BMW', 'X5', 'SUV', '5UX', ['xDrive40i', 'M60i']],
  ['Mercedes-Benz', 'C-Class', 'Sedan', 'W1K', ['C 300', 'C 300 4MATIC']], ['Volkswagen', 'Golf', 'Hatchback', '3VW', ['Trendline', 'Comfortline', 'Highline']],
  ['Mazda', 'CX-5', 'SUV', 'JM3', ['GX', 'GS', 'GT']], ['Subaru', 'Outback', 'Wagon', '4S4', ['Convenience', 'Touring', 'Limited']],
  ['Tesla', 'Model 3', 'Sedan', '5YJ', ['Standard Range', 'Long Range', 'Performance']], ['Honda', 'Odyssey', 'Minivan', '5FN', ['EX', 'EX-L', 'Touring']],
];
const COLORS = ['Black', 'White', 'Silver', 'Gray', 'Red', 'Blue', 'Green', 'Brown', 'Beige'];
const FUELS = ['Gasoline', 'Gasoline', 'Gasoline', 'Hybrid', 'Diesel', 'Electric', 'Plug-in Hybrid'];
const DRIVES = ['FWD', 'AWD', 'RWD', '4WD'];
const OPTIONS = ['Sunroof', 'Leather Seats', 'Heated Seats', 'Navigation', 'Apple CarPlay', 'Android Auto', 'Backup Camera', 'Bluetooth',
  'Adaptive Cruise Control', 'Keyless Entry', 'Wireless Charging', 'Third Row Seating'];
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789'; // model years 2010..2039 (position 10)

let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const quote = (s) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

function carRow(i, serial = i) {
  const [make, model, type, wmi, trims] = pick(MODELS);
  const year = 2012 + Math.floor(rand() * 14);
  const vds = Array.from({ length: 5 }, () => pick('ABCDEFGHJKLMNPRSTUVWXYZ0123456789')).join('');
  const vin = withCheckDigit(`${wmi}${vds}0${YEAR_CODES[year - 2010]}${pick('ABCDEFGHJKLMNPRSTUVWXYZ')}${String(serial).padStart(6, '0')}`);
  const km = Math.floor(rand() * 200000);
  const price = Math.round((45000 - (2026 - year) * 2500 - km * 0.04 + rand() * 6000) / 5) * 5;
  const fuel = pick(FUELS);
  const color = pick(COLORS);
  const drive = pick(DRIVES);
  const trim = pick(trims);
  const options = OPTIONS.filter(() => rand() < 0.4).join(', ');
  const accident = rand() < 0.1 ? 'yes' : 'no';
  const low = vin.toLowerCase();
  const images = [1, 2, 3].map((n) => `https://images.example.com/${low}/${n}.jpg`);
  return [
    vin, `U${String(i).padStart(6, '0')}`, year, make, model, trim, type, 'used', rand() < 0.2 ? 'yes' : 'no', Math.max(price, 3000), Math.max(price, 3000),
    'CAD', km, color, fuel, 'Automatic', drive, '2.5L I4', 150 + Math.floor(rand() * 250), 150 + Math.floor(rand() * 250), type === 'Coupe' ? 2 : 4,
    type === 'Minivan' ? 7 : 5, 20 + Math.floor(rand() * 20), 25 + Math.floor(rand() * 20), year >= 2023 ? 300 + Math.floor(rand() * 500) : '',
    200 + Math.floor(rand() * 700), options, accident, `https://reports.example.com/carfax/${vin}`,
    `${year} ${make} ${model} ${trim} in ${color}, ${km.toLocaleString('en-US')} km. ${accident === 'yes' ? 'Accident reported' : 'No accidents reported'}, ${fuel}, ${drive}.`,
    `https://dealer.example.com/used/${low}`, images[0], images.join('|'), '', `bench-${i}`, 'bench', 'In Stock',
  ].map((v) => quote(String(v))).join(',');
}

function writeCsv(file, rows = ROWS, firstSerial = 0) {
  const fd = fs.openSync(file, 'w');
  let chunk = HEADER.join(',') + '\n';
  for (let i = 0; i < rows; i++) {
    chunk += carRow(i, firstSerial + i) + '\n';
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk);
      chunk = '';
    }
  }
  fs.writeSync(fd, chunk);
  fs.closeSync(fd);
}

// ------------------------------------------------------------------ the database server

/** The database server's process on this machine, if any (its CPU time is reported beside the API's). */
const dbPid = (() => {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (['mariadbd', 'mysqld'].includes(fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim())) return Number(entry);
    } catch {
      /* gone meanwhile */
    }
  }
  return null;
})();

/**
 * Runs `work` while sampling the process's resident memory every 10 ms; returns its result, the peak,
 * and the CPU seconds the API and the database server spent meanwhile (a figure a shared machine's
 * load moves much less than wall time).
 */
async function sampled(pid, work) {
  const cpuBefore = [cpuSeconds(pid), dbPid && cpuSeconds(dbPid)];
  let peak = rssMb(pid, 'VmRSS');
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid, 'VmRSS'));
    } catch {
      /* process gone */
    }
  }, 10);
  try {
    const result = await work();
    const [apiCpu, dbCpu] = [cpuSeconds(pid) - cpuBefore[0], dbPid && cpuBefore[1] !== null ? cpuSeconds(dbPid) - cpuBefore[1] : null];
    return { ...result, peakRssMb: Math.max(peak, rssMb(pid, 'VmRSS')), apiCpu, dbCpu };
  } finally {
    clearInterval(timer);
  }
}

async function upload(baseUrl, auth, file, rows = ROWS) {
  const form = new FormData();
  form.append('File', await fs.openAsBlob(file, { type: 'text/csv' }), 'inventory.csv');
  const started = process.hrtime.bigint();
  const res = await fetch(`${baseUrl}/api/v1/inventory/used`, { method: 'PUT', headers: { authorization: auth }, body: form });
  const body = await res.json();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== 200 || body.num_inserts !== rows || body.num_failed_inserts !== 0) {
    throw new Error(`upload failed: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
  return { seconds, body };
}

// ------------------------------------------------------------------ LOAD DATA LOCAL INFILE
async function loadData(file) {
  const conn = await mysql.createConnection({ uri: dbUrl.toString(), infileStreamFactory: (p) => fs.createReadStream(p) });
  try {
    await conn.query('DROP TABLE IF EXISTS bench_load_data');
    await conn.query('CREATE TABLE bench_load_data LIKE inventory_cars');
    const vars = HEADER.map((c) => (c === 'vin' ? 'vin' : `@${c}`)).join(', ');
    const sets = HEADER.filter((c) => c !== 'vin' && c !== 'condition').map((c) => {
      if (c === 'certified' || c === 'accident') return `\`${c}\` = (@${c} = 'yes')`;
      return `\`${c}\` = NULLIF(@${c}, '')`;
    });
    const sql = `LOAD DATA LOCAL INFILE ? INTO TABLE bench_load_data CHARACTER SET utf8mb4
      FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '"' LINES TERMINATED BY '\\n' IGNORE 1 LINES (${vars})
      SET dealer_id = 'bench', \`condition\` = 'used', ${sets.join(', ')},
        display_name = TRIM(CONCAT_WS(' ', NULLIF(@year, ''), NULLIF(@manufacturer, ''), NULLIF(@model, ''), NULLIF(@trim, ''))),
        is_deleted = 0, date_created = UTC_TIMESTAMP(3), row_index = (@row := @row + 1), upload_id = 1`;
    await conn.query('SET @row = -1');
    const started = process.hrtime.bigint();
    const [result] = await conn.query(sql, [file]);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (result.affectedRows !== ROWS) throw new Error(`LOAD DATA loaded ${result.affectedRows} rows`);
    return { seconds };
  } finally {
    await conn.end();
  }
}

// ------------------------------------------------------------------ run
// Each round starts from a fresh database and a fresh server process, so rounds see the same
// conditions; figures are the medians of the rounds (the machine may be shared), peak RSS the max.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-inventory-'));
const csvFile = path.join(work, 'inventory.csv');
const otherVinsFile = path.join(work, 'inventory-other-vins.csv');
const warmUpFile = path.join(work, 'warm-up.csv');
const WARM_UP_ROWS = 5000;
const admin = await mysql.createConnection({ uri: ADMIN_URL });
await admin.query('SET GLOBAL local_infile = 1');
const bufferPoolBytes = async () => Number((await admin.query('SELECT @@innodb_buffer_pool_size AS b'))[0][0].b);
const serverBufferPool = await bufferPoolBytes();
if (process.env.BENCH_BUFFER_POOL_MB) await admin.query(`SET GLOBAL innodb_buffer_pool_size = ${Number(process.env.BENCH_BUFFER_POOL_MB) * 1024 * 1024}`);

const genStarted = Date.now();
writeCsv(csvFile);
writeCsv(otherVinsFile, ROWS, ROWS);
writeCsv(warmUpFile, WARM_UP_ROWS);
const sizeMb = fs.statSync(csvFile).size / 1024 / 1024;
console.log(`generated ${ROWS} rows (${sizeMb.toFixed(1)} MiB) in ${((Date.now() - genStarted) / 1000).toFixed(1)} s: ${csvFile}`);

// 100,000 realistic rows (every column filled, three photo URLs) are about 62 MiB, over the default
// 50 MiB upload limit (decisions.md section 5): the benchmark's server allows 256 MiB.
const env = { DATABASE_URL: dbUrl.toString(), MIGRATE_ON_START: 'true', DEMO_SEED: 'false', LOG_LEVEL: 'warn', DATA_DIR: work, UPLOAD_LIMIT_BYTES: String(256 * 1024 * 1024) };
delete process.env.REDIS_URL;
const basic = (c) => `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`;

async function round() {
  await admin.query(`DROP DATABASE IF EXISTS \`${DB}\``);
  await admin.query(`CREATE DATABASE \`${DB}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const server = await startServer(env, [], API_MAIN);
  const { child: api, url: baseUrl } = server;
  try {
    const dealer = cli(env, 'dealer', 'create', '--name', 'Bench Motors', '--region', 'US');
    // Untimed: a smaller upload for another dealership warms the JIT up (the database server is warm anyway).
    const other = cli(env, 'dealer', 'create', '--name', 'Warm-up Motors', '--region', 'US');
    await upload(baseUrl, basic(other), warmUpFile, WARM_UP_ROWS);
    const idleRss = rssMb(api.pid, 'VmRSS');
    const load = await loadData(csvFile);
    const first = await sampled(api.pid, () => upload(baseUrl, basic(dealer), csvFile));
    const second = await sampled(api.pid, () => upload(baseUrl, basic(dealer), csvFile));
    if (second.body.num_deletes !== ROWS) throw new Error(`second upload deleted ${second.body.num_deletes}`);
    const third = await sampled(api.pid, () => upload(baseUrl, basic(dealer), otherVinsFile));
    if (third.body.num_deletes !== ROWS) throw new Error(`third upload deleted ${third.body.num_deletes}`);
    const r = {
      load: load.seconds, first: first.seconds, second: second.seconds, third: third.seconds, idleRss,
      peakRss: Math.max(first.peakRssMb, second.peakRssMb, third.peakRssMb), hwm: rssMb(api.pid, 'VmHWM'),
    };
    const cpu = (u) => `CPU API ${u.apiCpu.toFixed(1)} s${u.dbCpu === null ? '' : ` + database ${u.dbCpu.toFixed(1)} s`}`;
    console.log(`  round: LOAD DATA ${r.load.toFixed(2)} s, API ${r.first.toFixed(2)} s, same VINs ${r.second.toFixed(2)} s, other VINs ${r.third.toFixed(2)} s, peak RSS ${r.peakRss.toFixed(0)} MB, load average ${os.loadavg()[0].toFixed(2)}`);
    console.log(`    ${[['empty', first], ['same VINs', second], ['other VINs', third]].map(([name, u]) => `${name}: ${cpu(u)}`).join('; ')}`);
    return r;
  } finally {
    await stopServer(server);
  }
}

try {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round());
  const median = (key) => rounds.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(rounds.length / 2)];
  const [load, first, second, third] = [median('load'), median('first'), median('second'), median('third')];
  const rate = (s) => Math.round(ROWS / s);
  const server = (await admin.query('SELECT VERSION() AS v'))[0][0].v;
  const pool = Math.round((await bufferPoolBytes()) / 1024 / 1024);
  console.log(`replace-all upload of ${ROWS} rows (${sizeMb.toFixed(1)} MiB CSV) on ${server} (buffer pool ${pool} MB), ${os.cpus().length} CPUs; medians of ${ROUNDS} rounds`);
  console.log(`  LOAD DATA LOCAL INFILE:     ${load.toFixed(2)} s  ${rate(load)} rows/s`);
  console.log(`  API upload (empty):         ${first.toFixed(2)} s  ${rate(first)} rows/s`);
  console.log(`  API upload (replace 100%):  ${second.toFixed(2)} s  ${rate(second)} rows/s`);
  console.log(`  API upload (other VINs):    ${third.toFixed(2)} s  ${rate(third)} rows/s  (target < 10 s)`);
  console.log(`  API / LOAD DATA:            ${(load / first).toFixed(2)}x  (target >= 0.8)`);
  console.log(`  second / first upload:      ${(second / first).toFixed(2)}x  (target <= 1.2)`);
  console.log(`  API server RSS: idle ${median('idleRss').toFixed(0)} MB, peak during uploads ${Math.max(...rounds.map((r) => r.peakRss)).toFixed(0)} MB (VmHWM ${Math.max(...rounds.map((r) => r.hwm)).toFixed(0)} MB)  (target < 200)`);
} finally {
  if (process.env.BENCH_KEEP !== '1') {
    await admin.query(`DROP DATABASE IF EXISTS \`${DB}\``);
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (process.env.BENCH_BUFFER_POOL_MB) await admin.query(`SET GLOBAL innodb_buffer_pool_size = ${serverBufferPool}`);
  await admin.end();
}
