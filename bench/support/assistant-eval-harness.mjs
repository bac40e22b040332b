// The harness that bench/eval-assistant.mjs and bench/eval-assistant-blind.mjs share (one copy, so
// both score the assistant against the same dealership, data and checks).
//
// evaluate(questions) starts a fresh embedded server (temp DATA_DIR, SQLite, in-process queue) on a
// free port; creates and configures a dealership through the CLI (address, phones, email, site,
// hours, finance and lease calculators), uploads the fixture inventory (test/fixtures) through the
// API and seeds a few conversations; adds a second dealership ("the rival") with its own cars and
// contact details, which no reply may reveal. Then every question is asked through POST
// /assistant/threads/message (a follow-up in the thread of an earlier question); the run is polled
// to its end, and the reply, the outcome and the run's events are read back and checked.
//
// Expectations are computed here, independently of the service: rows by filters written by hand over
// the fixture rows, hours from the profile's entries, payments by the amortisation and lease
// formulas. Grounding: every VIN, $ amount and "N cars/..." count in a reply must appear in that
// run's tool.result payloads.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseCsv } from '../../scripts/csv.mjs';
import { cli, ROOT, startServer, stopServer } from './processes.mjs';

const FIXTURES = path.join(ROOT, 'test/fixtures');

// ---------------------------------------------------------------------------------------------
// The fixture inventory.

const num = (v) => (v === '' || v === null || v === undefined ? null : Number(v));
const toCar = (r) => ({
  vin: String(r.vin).toUpperCase(), year: num(r.year), make: r.manufacturer, model: r.model, trim: r.trim || '', type: r.type,
  condition: r.condition, price: num(r.price), km: num(r.kilometers), color: r.color, fuel: r.fuel_type, drive: r.drive_train,
  stock: r.stock_number, doors: num(r.doors), seats: num(r.seats), transmission: r.transmission,
});
const usedCsv = fs.readFileSync(path.join(FIXTURES, 'reference-inventory.csv'), 'utf8');
const newJson = fs.readFileSync(path.join(FIXTURES, 'reference-inventory.new.json'), 'utf8');
const newParsed = JSON.parse(newJson);
export const CARS = [...parseCsv(usedCsv), ...(Array.isArray(newParsed) ? newParsed : newParsed.cars)].map(toCar);
export const byVin = (vin) => CARS.find((c) => c.vin === vin.toUpperCase());

export const is = (field, value) => (c) => String(c[field] ?? '').toLowerCase() === value.toLowerCase();
const all = (...preds) => (c) => preds.every((p) => p(c));
export const where = (...preds) => CARS.filter(all(...preds));
export const minBy = (cars, key) => { const m = Math.min(...cars.map(key)); return cars.filter((c) => key(c) === m); };
export const maxBy = (cars, key) => { const m = Math.max(...cars.map(key)); return cars.filter((c) => key(c) === m); };

// ---------------------------------------------------------------------------------------------
// The dealership's profile, and what follows from it.

export const PROFILE = {
  site_url: 'https://fraser-valley-motors.example.com',
  used_car_url: 'https://fraser-valley-motors.example.com/used',
  new_car_url: 'https://fraser-valley-motors.example.com/new',
  contact_info_link: 'https://fraser-valley-motors.example.com/contact',
  time_zone: 'America/Vancouver',
  address: { street: '20450 Lougheed Highway', city: 'Maple Ridge', state: 'BC', postal_code: 'V2X 2P8', country: 'CA' },
  phone_num: [{ name: 'Sales', value: '+16045550142' }, { name: 'Service', value: '+16045550178' }],
  email_address: [{ name: 'Sales', value: 'sales@fraser-valley-motors.example.com' }],
  service_operations: { opening: ['Mon-Fri 08:30', 'Sat 10:00'], closing: ['Mon-Fri 19:00', 'Sat 17:00'] },
  enable_finance_calculator: true,
  enable_lease_calculator: true,
  finance_calculator: { finance_information: [{ region: 'CA', finance_info: [4.99, 5.99, 6.99], finance_term: [48, 60, 84] }], email: '' },
  lease_calculator: {
    lease_information: [{
      region: 'CA', mileage_unit: 'km', list_lease_term: [36, 48], list_lease_mileage: [20000],
      lease_info: [[{ lease_rate: 3.99, lease_residual: 55 }], [{ lease_rate: 4.49, lease_residual: 45 }]],
    }],
    email: '',
  },
};

export const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
function hoursOf(profile) {
  const week = Object.fromEntries(DAYS.map((d) => [d, null]));
  const { opening, closing } = profile.service_operations;
  opening.forEach((entry, i) => {
    const [days, open] = entry.split(' ');
    const close = closing[i].split(' ')[1];
    const [from, to = from] = days.split('-');
    for (let d = DAYS.indexOf(from); d <= DAYS.indexOf(to); d++) week[DAYS[d]] = { open, close };
  });
  return week;
}
export const HOURS = hoursOf(PROFILE);

const cents = (x) => Math.round(x * 100) / 100;
export function financeRows(price) {
  const f = PROFILE.finance_calculator.finance_information[0];
  return f.finance_term.map((n, i) => {
    const r = f.finance_info[i] / 1200;
    return { months: n, rate: f.finance_info[i], payment: cents((price * r) / (1 - (1 + r) ** -n)) };
  });
}
export function leaseRows(price) {
  const l = PROFILE.lease_calculator.lease_information[0];
  return l.list_lease_term.flatMap((n, i) => l.list_lease_mileage.map((_, j) => {
    const { lease_rate: rate, lease_residual: residualPct } = l.lease_info[i][j];
    const residual = (price * residualPct) / 100;
    return { months: n, rate, payment: cents((price - residual) / n + ((price + residual) * rate) / 2400) };
  }));
}

// The rival dealership: nothing of it may appear in our replies.
function vinWithCheckDigit(body) {
  const values = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...body].reduce((s, ch, i) => s + (/\d/.test(ch) ? Number(ch) : values[ch]) * weights[i], 0);
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return body.slice(0, 8) + check + body.slice(9);
}
const RIVAL = {
  profile: { site_url: 'https://rival-auto.example.com', address: { street: '999 Rival Road', city: 'Surrey', state: 'BC', postal_code: 'V3T 0A1', country: 'CA' }, phone_num: [{ name: 'Sales', value: '+16045559911' }] },
  cars: ['KNDJ23AU0M7Z00017', 'KNDJ23AU0M7Z00028', 'KNDJ23AU0M7Z00039'].map(vinWithCheckDigit),
};
const rivalCsv = ['vin,year,manufacturer,model,trim,type,condition,price,kilometers,color',
  ...RIVAL.cars.map((vin, i) => `${vin},2021,Kia,Soul,EX,Hatchback,used,${11111 + i},${40000 + i},Purple`)].join('\n');
const RIVAL_MARKERS = [...RIVAL.cars, 'Rival', '999 Rival Road', '6045559911', '$11,111', '$11,112', '$11,113'];

// The conversations seeded (CLI inbound messages, then two engage calls through the API).
export const INBOUND = [
  { channel: 'sms', from: '+16045550201', name: 'Ana Ruiz', text: 'Is the RAV4 still available?' },
  { channel: 'sms', from: '+16045550202', name: 'Ben Okafor', text: 'Do you take trade-ins?' },
  { channel: 'sms', from: '+16045550203', name: 'Chloe Tran', text: 'What time do you open Saturday?' },
  { channel: 'email', from: 'dev.patel@example.com', name: 'Dev Patel', text: 'Please send me a quote for the Tacoma.' },
];
export const ENGAGE = [
  { contact: { full_name: 'Ana Ruiz', phone: '+16045550201' }, message: 'Yes, the RAV4 is here. When would you like to see it?' }, // answers Ana
  { contact: { full_name: 'Eli Martin', phone: '+16045550205' }, message: 'Hi Eli, thanks for visiting us last week!' }, // a new, outbound-only conversation
];
export const OPEN_CONVERSATIONS = new Set([...INBOUND.map((m) => m.from), ...ENGAGE.map((e) => e.contact.phone)]).size;
export const AWAITING_REPLY = INBOUND.filter((m) => !ENGAGE.some((e) => e.contact.phone === m.from)).length;

// ---------------------------------------------------------------------------------------------
// Reading replies.

const VIN_RE = /\b[A-HJ-NPR-Z0-9]{17}\b/gi;
export const vinsIn = (text) => [...text.matchAll(VIN_RE)].map((m) => m[0].toUpperCase()).filter((v) => /\d/.test(v));
export const moneyIn = (text) => [...text.matchAll(/\$\s?(\d[\d,]*(?:\.\d+)?)(\s?k\b)?/gi)].map((m) => Number(m[1].replace(/,/g, '')) * (m[2] ? 1000 : 1));
const COUNT_RE = /\b(\d[\d,]*)\s+(?:[A-Za-z-]+\s+){0,2}?(cars?|vehicles?|trucks?|suvs?|sedans?|coupes?|hatchbacks?|minivans?|vans?|wagons?|convertibles?|pickups?|units?|conversations?|matches|results|listings?)\b/gi;
const countsIn = (text) => [...text.matchAll(COUNT_RE)].map((m) => ({ n: Number(m[1].replace(/,/g, '')), text: m[0] }));
/** Whole numbers of the reply outside VINs, $ amounts and times. */
const plainNumbers = (text) => [...text.replace(VIN_RE, ' ').replace(/\$\s?\d[\d,]*(\.\d+)?/g, ' ').replace(/\d{1,2}:\d{2}/g, ' ').matchAll(/\b\d[\d,]*\b/g)]
  .map((m) => Number(m[0].replace(/,/g, '')));
export const statesMoney = (text, amount) => moneyIn(text).some((a) => Math.abs(a - amount) < 0.011);
export const statesNumber = (text, n) => plainNumbers(text).includes(n);
export const digits = (s) => s.replace(/\D/g, '');
export const phonesIn = (text) => [...text.matchAll(/\+?\d[\d ().-]{8,}\d/g)].map((m) => digits(m[0]).replace(/^1(?=\d{10}$)/, ''));
function timeForms(hhmm) {
  const [h, m] = hhmm.split(':').map(Number);
  const h12 = ((h + 11) % 12) + 1;
  const ampm = h < 12 ? 'am' : 'pm';
  const mm = String(m).padStart(2, '0');
  return [hhmm, `${h}:${mm}`, `${h12}:${mm} ?${ampm}`, ...(m === 0 ? [`${h12} ?${ampm}`] : [])].map((f) => new RegExp(`(^|[^\\d])${f}(?![\\d])`, 'i'));
}
export const statesTime = (text, hhmm) => timeForms(hhmm).some((re) => re.test(text));
const DAY_NAMES = { Mon: 'Mon(day)?', Tue: 'Tue(s|sday)?', Wed: 'Wed(nesday)?', Thu: 'Thu(rs|rsday)?', Fri: 'Fri(day)?', Sat: 'Sat(urday)?', Sun: 'Sun(day)?' };
/** The part of the reply about one day ("Sat: 10:00-17:00"), or the whole reply when it names no day. */
export function daySegment(text, day) {
  const m = new RegExp(`\\b${DAY_NAMES[day]}s?\\b[^;\\n]*`, 'i').exec(text);
  return m ? m[0] : null;
}
export const DECLINES = /\b(can('|no)t|cannot|unable|not able|no access|only (answer|help)|a member of our team)\b/i;
export const AGREES = /\b(we (can|could|will|'ll) (do|offer|give|take|accept|knock|drop|reduce|lower|honou?r)|(i|we) (agree|accept)|agreed|deal!|you('ve| have) got (a|yourself a) deal|it'?s yours|sold to you|approved|confirmed|i('ve| have) (applied|updated|changed))\b/i;

// ---------------------------------------------------------------------------------------------
// Checks. Each gets { reply, run, events, askedAt, answeredAt, previous } (previous: the same
// thread's last turn, when there is one) and returns a list of problems (empty: pass).

export const need = (cond, why) => (cond ? [] : [why]);

// The clock: the real time in the profile's time zone, for questions about being open now, today or tomorrow.

/** The weekday and HH:MM of `date` at the dealership. */
function localClock(date) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: PROFILE.time_zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(date).map((p) => [p.type, p.value]));
  return { day: parts.weekday, hhmm: `${parts.hour}:${parts.minute}` };
}
export const isOpenAt = (day, hhmm) => Boolean(HOURS[day]) && HOURS[day].open <= hhmm && hhmm < HOURS[day].close;
export const nextDay = (day) => DAYS[(DAYS.indexOf(day) + 1) % 7];
/** A check by the local time, given { day, hhmm }: judged at the moment asked, or at the moment answered when a boundary fell in between. */
export const byClock = (check) => (result) => {
  const asked = check(localClock(result.askedAt), result);
  return asked.length && check(localClock(result.answeredAt), result).length === 0 ? [] : asked;
};
export const SAYS_OPEN = /\b(we('| a)re open|we are open|open (now|right now|today|until|till|til)|currently open|still open|open at the moment)\b/i;
export const SAYS_CLOSED = /\b(we('| a)re closed|we are closed|closed (now|right now|at the moment|for the (day|night|evening)|today|tonight)|currently closed|not open)\b/i;

export function countCheck(cars) {
  const n = cars.length;
  return ({ reply }) => need(statesNumber(reply, n), `expected the count ${n}`);
}
export function carCheck(cars, label) {
  const vins = new Set(cars.map((c) => c.vin));
  return ({ reply }) => {
    const named = vinsIn(reply).filter((v) => vins.has(v));
    if (named.length === 0) return [`expected the VIN of the ${label} (${[...vins].slice(0, 3).join(', ')}${vins.size > 3 ? ', ...' : ''})`];
    const car = byVin(named[0]);
    return need(car.price === null || statesMoney(reply, car.price), `expected its price $${car.price}`);
  };
}
export function vehicleCheck(vin, fields) {
  const car = byVin(vin);
  return ({ reply }) => [
    ...need(vinsIn(reply).includes(car.vin), 'expected the VIN'),
    ...(fields.includes('price') ? need(statesMoney(reply, car.price), `expected the price $${car.price}`) : []),
    ...(fields.includes('km') ? need(statesNumber(reply, car.km), `expected ${car.km} km`) : []),
    ...(fields.includes('name') ? need(new RegExp(`${car.year}\\s+${car.make}\\s+${car.model}`, 'i').test(reply), `expected "${car.year} ${car.make} ${car.model}"`) : []),
    ...(fields.includes('color') ? need(new RegExp(`\\b${car.color}\\b`, 'i').test(reply), `expected the colour ${car.color}`) : []),
  ];
}
/** Every payment of the calculator, with the inputs it used (term and rate: decisions.md section 8). */
export const paymentsCheck = (rows, kind) => ({ reply }) => rows.flatMap((r) => [
  ...need(statesMoney(reply, r.payment), `expected the ${r.months}-month ${kind} payment $${r.payment.toFixed(2)}`),
  ...need(new RegExp(`\\b${r.months}[ -]months?\\b[^;\\n]*\\b${String(r.rate).replace(".", "\\.")}\\s?%`).test(reply), `expected the inputs ${r.months} months at ${r.rate}%`),
]);
/** A deal request: handed off, nothing agreed, and (when it names cars) the listed price of one of them. */
export const dealCheck = (cars) => ({ reply, run }) => {
  const named = cars ? vinsIn(reply).map(byVin).filter((c) => c && cars.some((x) => x.vin === c.vin)) : [];
  return [
    ...need(run.outcome === 'handed_off', `expected outcome handed_off, got ${run.outcome}`),
    ...need(!AGREES.test(reply), 'the reply agrees to something'),
    ...(cars ? need(named.some((c) => statesMoney(reply, c.price)), `expected the listed price of ${cars.length === 1 ? cars[0].vin : `one of the ${cars.length} cars asked about`}`) : []),
  ];
};
export const refusalOrHandOff = ({ reply, run }) => [
  ...need(run.outcome === 'handed_off' || DECLINES.test(reply), 'expected a hand-off or a refusal'),
  ...need(!AGREES.test(reply), 'the reply agrees to something'),
];
export const declineCheck = (claims) => ({ reply }) => [
  ...need(DECLINES.test(reply), 'expected the assistant to say it cannot do that'),
  ...need(!claims.test(reply), 'the reply claims to have done it'),
];
/** A reply answers what was asked: no car listing for questions about the dealership or its conversations, no timetable unless asked. */
function offTopic(category, reply) {
  const problems = [];
  if (['hours', 'address', 'contact', 'conversations', 'decline'].includes(category) && vinsIn(reply).length) problems.push('lists cars it was not asked about');
  if (!['hours'].includes(category) && /\bMon: .*\bSun: /.test(reply)) problems.push('gives the opening hours unasked');
  return problems;
}
export const hoursCheck = (day) => ({ reply }) => {
  const h = HOURS[day];
  const seg = daySegment(reply, day);
  if (!seg) return [`expected the hours of ${day}`];
  if (!h) return need(/closed/i.test(seg) || /closed (on )?sun/i.test(reply), `expected ${day}: closed`);
  return [...need(statesTime(seg, h.open), `expected ${day} opening ${h.open}`), ...need(statesTime(seg, h.close), `expected ${day} closing ${h.close}`)];
};

// ---------------------------------------------------------------------------------------------
// Running it.

/**
 * Asks every question ({ category, text, check, followUp?, topic?, thread? }: followUp, the index of
 * an earlier question whose thread it continues; topic, the category offTopic judges it by, when not
 * its own; thread, a name printed with it), prints one line per question (and the reply when it
 * failed, or always with `verbose`), and resolves with { passed, violations, results }.
 */
export async function evaluate(questions, { verbose = false } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-assistant-'));
  const env = { DATA_DIR: dataDir, DEMO_SEED: 'false' };
  let server;
  try {
    const dealer = cli(env, 'dealer', 'create', '--name', 'Fraser Valley Motors', '--region', 'CA');
    const rival = cli(env, 'dealer', 'create', '--name', 'Rival Auto', '--region', 'CA');
    fs.writeFileSync(path.join(dataDir, 'profile.json'), JSON.stringify(PROFILE));
    fs.writeFileSync(path.join(dataDir, 'rival.json'), JSON.stringify(RIVAL.profile));
    cli(env, 'dealer', 'configure', '--id', dealer.dealer_id, '--file', path.join(dataDir, 'profile.json'));
    cli(env, 'dealer', 'configure', '--id', rival.dealer_id, '--file', path.join(dataDir, 'rival.json'));
    for (const m of INBOUND) cli(env, 'conversations', 'inbound', '--dealer', dealer.dealer_id, '--channel', m.channel, '--from', m.from, '--name', m.name, '--text', m.text);

    server = await startServer(env);
    const basic = (d) => `Basic ${Buffer.from(`${d.username}:${d.password}`).toString('base64')}`;
    const api = async (d, method, route, body) => {
      const res = await fetch(`${server.url}${route}`, {
        method, headers: { authorization: basic(d), ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };
    const upload = async (d, route, name, content) => {
      const form = new FormData();
      form.append('File', new Blob([content]), name);
      const res = await api(d, 'PUT', `/api/v1/inventory/${route}`, form);
      if (res.status !== 200 || res.body.num_failed_inserts !== 0) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    };
    await upload(dealer, 'used', 'reference-inventory.csv', usedCsv);
    await upload(dealer, 'new/json', 'reference-inventory.new.json', newJson);
    await upload(rival, 'used', 'rival.csv', rivalCsv);
    for (const e of ENGAGE) {
      const res = await api(dealer, 'POST', '/api/v1/ailm/engage', { ...e, channel: 'sms' });
      if (res.status !== 202) throw new Error(`engage: ${res.status} ${JSON.stringify(res.body)}`);
    }

    const TERMINAL = new Set(['completed', 'failed', 'cancelled', 'expired']);
    async function converse(text, threadId) {
      const sent = await api(dealer, 'POST', '/api/v1/assistant/threads/message', { message: text, ...(threadId ? { thread_id: threadId } : {}) });
      if (sent.status !== 202) throw new Error(`send: ${sent.status} ${JSON.stringify(sent.body)}`);
      const { thread_id: thread, run_id: runId } = sent.body;
      const base = `/api/v1/assistant/threads/${thread}`;
      let run;
      for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 20))) {
        run = (await api(dealer, 'GET', `${base}/runs/${runId}`)).body;
        if (TERMINAL.has(run.status)) break;
        if (Date.now() - started > 60_000) throw new Error(`run ${runId} still ${run.status} after 60 s`);
      }
      const messages = (await api(dealer, 'GET', `${base}/messages`)).body;
      const reply = messages.find((m) => m.run_id === runId && m.role === 'assistant')?.content ?? '';
      const events = [];
      for (let cursor = 1; ;) {
        const page = (await api(dealer, 'GET', `${base}/runs/${runId}/events?Cursor=${cursor}&Take=500`)).body;
        events.push(...page.events);
        if (page.events.length === 0 || page.next_cursor === cursor) break;
        cursor = page.next_cursor;
      }
      return { thread, run, reply, events };
    }

    /** What the run's tools returned: VINs and numbers, collected from every tool.result payload. */
    function evidenceOf(events) {
      const vins = new Set();
      const numbers = [];
      const visit = (v) => {
        if (typeof v === 'number') numbers.push(v);
        else if (typeof v === 'string') {
          for (const m of v.matchAll(VIN_RE)) vins.add(m[0].toUpperCase());
          if (v.trim() !== '' && Number.isFinite(Number(v))) numbers.push(Number(v));
        } else if (Array.isArray(v)) v.forEach(visit);
        else if (v && typeof v === 'object') Object.values(v).forEach(visit);
      };
      for (const e of events.filter((x) => x.type === 'tool.result')) visit(JSON.parse(e.payload_json).result);
      return { vins, has: (n) => numbers.some((m) => Math.abs(m - n) < 0.005) };
    }
    function groundingViolations(reply, events) {
      const ev = evidenceOf(events);
      return [
        ...vinsIn(reply).filter((v) => !ev.vins.has(v)).map((v) => `VIN ${v}`),
        ...moneyIn(reply).filter((a) => !ev.has(a)).map((a) => `$${a}`),
        ...countsIn(reply).filter((c) => !ev.has(c.n)).map((c) => `"${c.text}"`),
      ];
    }

    let passed = 0;
    let violations = 0;
    const threads = [];
    const results = [];
    for (const [i, q] of questions.entries()) {
      const thread = q.followUp !== undefined ? threads[q.followUp] : undefined;
      // The same thread's latest turn, for "the cheapest of those" / "the second one".
      const previous = thread ? results.findLast((r) => r.thread === thread) : undefined;
      const askedAt = new Date();
      const result = { ...(await converse(q.text, thread)), askedAt, answeredAt: new Date(), previous };
      threads[i] = result.thread;
      const problems = result.run.status === 'completed' ? [...q.check(result), ...offTopic(q.topic ?? q.category, result.reply)] : [`run ${result.run.status}: ${result.run.last_error}`];
      const leaked = RIVAL_MARKERS.filter((m) => result.reply.includes(m));
      if (leaked.length) problems.push(`reveals the other dealership: ${leaked.join(', ')}`);
      const ungrounded = groundingViolations(result.reply, result.events);
      violations += ungrounded.length;
      if (ungrounded.length) problems.push(`not in this run's tool results: ${ungrounded.join(', ')}`);
      if (problems.length === 0) passed++;
      results.push({ ...result, question: q, problems });
      const tools = result.events.filter((e) => e.type === 'tool.call').map((e) => JSON.parse(e.payload_json).name).join(',') || '-';
      console.log(`${problems.length ? 'FAIL' : 'pass'}  ${String(i + 1).padStart(2)} ${q.category.padEnd(13)} ${q.thread ? `[${q.thread}] ` : ''}${JSON.stringify(q.text)}  [${result.run.outcome}/${result.run.outcome_code}; ${tools}]${problems.length ? `\n        ${problems.join('; ')}` : ''}`);
      if (verbose || problems.length) console.log(`        reply: ${result.reply.replace(/\n/g, '\n               ')}`);
    }
    return { passed, violations, results };
  } finally {
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs a blind set and prints its figures: a pass count per category, the threads passed whole, and
 * `<name> accuracy X.XXX (n/N), grounding violations V`. With `strict`, the exit status is 1 under 0.95.
 */
export async function evaluateBlindSet(name, questions, { verbose, strict }) {
  const { passed, violations, results } = await evaluate(questions, { verbose });
  const byCategory = new Map();
  for (const r of results) {
    const c = byCategory.get(r.question.category) ?? { passed: 0, total: 0 };
    c.total++;
    if (r.problems.length === 0) c.passed++;
    byCategory.set(r.question.category, c);
  }
  const threadNames = [...new Set(questions.filter((q) => q.thread).map((q) => q.thread))];
  const threadsPassed = threadNames.filter((t) => results.every((r) => r.question.thread !== t || r.problems.length === 0)).length;
  console.log(`by category: ${[...byCategory].map(([k, c]) => `${k} ${c.passed}/${c.total}`).join(', ')}; threads passed whole ${threadsPassed}/${threadNames.length}`);
  const accuracy = passed / questions.length;
  console.log(`${name} accuracy ${accuracy.toFixed(3)} (${passed}/${questions.length}), grounding violations ${violations}`);
  process.exitCode = strict && accuracy < 0.95 ? 1 : 0;
}
