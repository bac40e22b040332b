import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/app-config';
import { send, waitForRun } from '../assistant/assistant-helpers';
import { csv, simpleCars, uploadCsv, vin } from '../inventory/inventory-fixtures';
import { configuredBackends } from '../support/backends';
import { eventually } from '../support/eventually';
import { families, Sample, samples, seriesOf } from '../support/prometheus-text';
import { basicAuth, createDealer, startTestApp, TestApp } from '../support/test-app';

/**
 * The observability profile of docker/docker-compose.yml (issue 28), checked without a Docker
 * engine: the Grafana dashboard queries only series the service exports, grouped by labels it
 * emits (the names come from a scrape of the real app after it did one of everything counted),
 * and the compose services, Grafana's provisioning and Prometheus' configuration fit together.
 */
const ROOT = path.resolve(__dirname, '../..');
const DOCKER = path.join(ROOT, 'docker');
const readYaml = <T>(file: string) => parse(fs.readFileSync(path.join(DOCKER, file), 'utf8'), { merge: true }) as T;

interface Target { refId: string; expr?: string; legendFormat?: string; datasource?: { type: string; uid: string } }
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  gridPos: { h: number; w: number; x: number; y: number };
  targets?: Target[];
  panels?: Panel[];
}
interface Dashboard { uid: string; title: string; schemaVersion: number; panels: Panel[] }
interface Service {
  image: string;
  profiles?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  tmpfs?: string[];
  ports?: string[];
}
interface ScrapeJob {
  job_name: string;
  basic_auth?: { username_file?: string; password_file?: string };
  dns_sd_configs?: { names: string[]; type: string; port: number }[];
}

const DASHBOARD_FILE = 'grafana/dashboards/dealer-api.json';
const dashboard = JSON.parse(fs.readFileSync(path.join(DOCKER, DASHBOARD_FILE), 'utf8')) as Dashboard;
const datasources = readYaml<{ datasources: { uid: string; type: string; url: string; jsonData?: { timeInterval?: string } }[] }>('grafana/provisioning/datasources/prometheus.yml').datasources;
const providers = readYaml<{ providers: { type: string; options: { path: string } }[] }>('grafana/provisioning/dashboards/dealer-api.yml').providers;
const prometheus = readYaml<{ global: { scrape_interval: string }; scrape_configs: ScrapeJob[] }>('prometheus/prometheus.yml');
const services = readYaml<{ services: Record<string, Service> }>('docker-compose.yml').services;

/** Every panel, those inside rows included. */
const allPanels = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);
const queryPanels = allPanels(dashboard.panels).filter((p) => p.type !== 'row');

/** PromQL's functions and aggregations, which are called: `name(`. */
const PROMQL_FUNCTIONS = new Set(`abs absent absent_over_time avg avg_over_time bottomk ceil changes clamp clamp_max clamp_min count
  count_over_time count_values day_of_month day_of_week day_of_year days_in_month delta deriv exp floor group histogram_avg
  histogram_count histogram_fraction histogram_quantile histogram_stddev histogram_stdvar histogram_sum holt_winters hour idelta
  increase irate label_join label_replace last_over_time ln log10 log2 max max_over_time min min_over_time minute month
  predict_linear present_over_time quantile quantile_over_time rate resets round scalar sgn sort sort_desc sqrt stddev
  stddev_over_time stdvar stdvar_over_time sum sum_over_time time timestamp topk vector year`.split(/\s+/));
const PROMQL_KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset']);
/** Labels Prometheus adds to every scraped series. */
const TARGET_LABELS = ['job', 'instance'];
/** A token that looks like one of this service's series (or prom-client's), wherever it stands in a query. */
const LOOKS_LIKE_A_SERIES = /_total$|_seconds|_bucket$|^(http|queue|outbox|assistant|message|inventory|auth|process|nodejs)_/;

/** What a PromQL expression reads: series, functions, and the labels it matches or groups by. */
function reads(expr: string): { series: string[]; functions: string[]; labels: string[] } {
  const labels: string[] = [];
  let rest = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  rest = rest.replace(/\{([^}]*)\}/g, (_, matchers: string) => {
    for (const m of matchers.matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)) labels.push(m[1]);
    return ' ';
  });
  rest = rest.replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g, (_, list: string) => {
    labels.push(...list.split(',').map((l) => l.trim()).filter(Boolean));
    return ' ';
  });
  // Ranges and subqueries ([5m], [$__rate_interval]), then numbers (0.95, 1e3).
  rest = rest.replace(/\[[^\]]*\]/g, ' ').replace(/(?<![\w:])\d[\d.]*(?:e[+-]?\d+)?/gi, ' ');
  const series: string[] = [];
  const functions: string[] = [];
  for (const m of rest.matchAll(/([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    if (m[2]) functions.push(m[1]);
    else if (!PROMQL_KEYWORDS.has(m[1])) series.push(m[1]);
  }
  return { series, functions, labels };
}

describe('Observability: the Grafana dashboard over what the service exports', () => {
  let t: TestApp;
  /** Every series name a scrape exports, with the label names its samples carry. */
  const exported = new Map<string, Set<string>>();
  let types = new Map<string, string>();

  beforeAll(async () => {
    const ops = { OPS_USERNAME: 'ops', OPS_PASSWORD: 'dashboard-secret-1' };
    t = await startTestApp(configuredBackends()[0], ops);
    const dealer = await createDealer(t);
    // One of everything counted, so every labelled series has samples: an upload with a refused
    // row, a delivered message, an assistant run and a refused credential.
    const rows = simpleCars(700, 2);
    rows.push([vin(702), 'U702', 'not a year', 'Toyota', 'Corolla', '', 10000, 1000]);
    await uploadCsv(t, dealer.auth, csv(rows)).expect(200);
    await t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth)
      .send({ contact: { full_name: 'Ana Ruiz', phone: '+14155550100' }, message: 'Your car is ready' }).expect(202);
    await waitForRun(t, dealer, await send(t, dealer, 'How many cars do you have?'));
    await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(dealer.username, 'not-the-secret')).expect(401);

    const scrape = async () => (await t.http().get('/metrics').set('Authorization', basicAuth(ops.OPS_USERNAME, ops.OPS_PASSWORD)).expect(200)).text;
    const text = await eventually(async () => {
      const now = await scrape();
      return samples(now).some((s) => s.name === 'message_deliveries_total') ? now : undefined;
    }, 'the delivery counted');
    types = families(text);
    const scraped: Sample[] = samples(text);
    for (const [family, type] of types) {
      for (const name of seriesOf(family, type)) {
        exported.set(name, new Set(scraped.filter((s) => s.name === name).flatMap((s) => Object.keys(s.labels))));
      }
    }
  });
  afterAll(() => t?.close());

  it('has a panel for each thing the operator watches (issue 28), nested ones in rows included', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    const exprs = queryPanels.flatMap((p) => (p.targets ?? []).map((x) => x.expr ?? ''));
    const watched = [
      'http_request_duration_seconds_count', 'http_request_duration_seconds_bucket', 'auth_failures_total', 'queue_jobs', 'outbox_oldest_age_seconds',
      'assistant_runs_total', 'assistant_run_duration_seconds_bucket', 'message_deliveries_total', 'inventory_upload_rows_total',
      'process_resident_memory_bytes', 'process_cpu_seconds_total', 'nodejs_eventloop_lag_p99_seconds',
    ];
    expect(watched.filter((series) => !exprs.some((e) => reads(e).series.includes(series)))).toEqual([]);
    expect(exprs.some((e) => /status_class=~"4xx\|5xx"/.test(e))).toBe(true);
    // Rows may hold their panels (collapsed): the walk must reach them.
    expect(dashboard.panels.some((p) => p.type === 'row' && (p.panels ?? []).length > 0)).toBe(true);
    const ids = allPanels(dashboard.panels).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of allPanels(dashboard.panels)) expect(p.gridPos.x + p.gridPos.w).toBeLessThanOrEqual(24);
  });

  it('queries in every panel only series the service exports, grouped and matched by labels they carry', () => {
    expect(exported.size).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const panel of queryPanels) {
      if (!(panel.targets ?? []).length) problems.push(`${panel.title}: no query`);
      for (const target of panel.targets ?? []) {
        const expr = target.expr ?? '';
        const where = `${panel.title} [${target.refId}] ${expr}`;
        const { series, functions, labels } = reads(expr);
        if (series.length === 0) problems.push(`${where}: reads no series`);
        for (const name of series) if (!exported.has(name)) problems.push(`${where}: ${name} is not exported`);
        for (const name of functions) if (!PROMQL_FUNCTIONS.has(name)) problems.push(`${where}: ${name}() is no PromQL function`);
        // Belt and braces: whatever looks like a series, wherever it stands (strings aside), is exported.
        for (const [token] of expr.replace(/"(?:[^"\\]|\\.)*"/g, '').matchAll(/[a-zA-Z_:][\w:]*/g)) {
          if (LOOKS_LIKE_A_SERIES.test(token) && !exported.has(token) && !PROMQL_FUNCTIONS.has(token)) problems.push(`${where}: ${token} is not exported`);
        }
        const carried = new Set([...TARGET_LABELS, ...series.flatMap((name) => [...(exported.get(name) ?? [])])]);
        for (const label of labels) if (!carried.has(label)) problems.push(`${where}: no series it reads carries the label ${label}`);
        for (const [, label] of (target.legendFormat ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
          if (!carried.has(label)) problems.push(`${where}: the legend names ${label}, which no series it reads carries`);
        }
        // Counters (and histograms' series) move only through rate()/increase(); gauges that every
        // process reads from Redis or the database are the same everywhere: max over processes.
        const counters = series.filter((name) => types.get(name) === 'counter' || /_(bucket|sum|count)$/.test(name) && types.get(name.replace(/_(bucket|sum|count)$/, '')) === 'histogram');
        if (counters.length && !functions.some((f) => f === 'rate' || f === 'increase')) problems.push(`${where}: counter read without rate()/increase()`);
        if (series.some((name) => ['queue_jobs', 'outbox_oldest_age_seconds'].includes(name)) && !/^max\b/.test(expr)) problems.push(`${where}: a shared gauge not read as max over processes`);
        if (functions.includes('histogram_quantile') && (!series.every((name) => name.endsWith('_bucket')) || !labels.includes('le'))) problems.push(`${where}: histogram_quantile needs _bucket series grouped by le`);
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('lists every metric of the service, with its type, in the operating guide ("Metrics")', () => {
    const guide = fs.readFileSync(path.join(ROOT, 'docs/operating.md'), 'utf8');
    const start = guide.indexOf('\n## Metrics\n');
    expect(start).toBeGreaterThan(0);
    const section = guide.slice(start, guide.indexOf('\n## ', start + 1));
    const own = [...types.keys()].filter((family) => !/^(process|nodejs)_/.test(family));
    expect(own.length).toBeGreaterThanOrEqual(8);
    expect(own.filter((family) => !section.includes(`| \`${family}\` | ${types.get(family)} |`))).toEqual([]);
  });

  it('names the provisioned Prometheus data source by uid in every panel and query', () => {
    expect(datasources).toHaveLength(1);
    const [source] = datasources;
    expect(source.type).toBe('prometheus');
    for (const panel of queryPanels) {
      expect({ panel: panel.title, datasource: panel.datasource }).toEqual({ panel: panel.title, datasource: { type: 'prometheus', uid: source.uid } });
      for (const target of panel.targets ?? []) expect({ panel: panel.title, datasource: target.datasource }).toEqual({ panel: panel.title, datasource: { type: 'prometheus', uid: source.uid } });
    }
    // Grafana reaches the compose service, and $__rate_interval knows the scrape interval.
    const url = new URL(source.url);
    expect(services[url.hostname]).toBeDefined();
    expect(services[url.hostname].image).toMatch(/^prom\/prometheus:/);
    expect(source.jsonData?.timeInterval).toBe(prometheus.global.scrape_interval);
  });
});

describe('Observability: the compose profile and its configuration files', () => {
  const OBSERVABILITY = ['grafana', 'jaeger', 'prometheus'];
  /** Host path (relative to docker/, as compose resolves it) -> container path, of a service's bind mounts. */
  const binds = (service: Service) => (service.volumes ?? []).filter((v) => v.startsWith('./')).map((v) => {
    const [source, target, mode] = v.split(':');
    return { source: path.join(DOCKER, source), target, mode };
  });
  /** The host file a path inside the container is, through the service's bind mounts. */
  const onHost = (service: Service, inside: string) => {
    const bind = binds(service).find((b) => inside === b.target || inside.startsWith(`${b.target}/`));
    return bind ? path.join(bind.source, path.relative(bind.target, inside)) : undefined;
  };

  it('starts Prometheus, Grafana and Jaeger only in the observability profile, pinned, on the host\'s loopback', () => {
    for (const name of OBSERVABILITY) {
      const service = services[name];
      expect({ name, profiles: service.profiles }).toEqual({ name, profiles: ['observability'] });
      expect(service.image).toMatch(/:v?\d+\.\d+\.\d+$/);
      for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
      // Every bind mount is a file or folder of this repository, read-only.
      for (const bind of binds(service)) expect({ name, ...bind, exists: fs.existsSync(bind.source) }).toEqual({ name, ...bind, mode: 'ro', exists: true });
    }
  });

  it('scrapes every API and worker replica with the operator\'s credentials, from files the Prometheus service writes', () => {
    const service = services.prometheus;
    const config = /--config\.file=(\S+)/.exec(service.entrypoint!.join(' '))![1];
    expect(onHost(service, config)).toBe(path.join(DOCKER, 'prometheus/prometheus.yml'));

    const jobs = new Map(prometheus.scrape_configs.map((j) => [j.job_name, j]));
    const workerPort = Number(services.worker.environment!.METRICS_PORT);
    const apiPort = Number(/:(\d+)$/.exec(services.api.ports![0])![1]);
    for (const [name, port] of [['api', apiPort], ['worker', workerPort]] as const) {
      const job = jobs.get(name)!;
      expect(job).toBeDefined();
      // DNS service discovery: compose answers a service name with every container of it.
      expect(job.dns_sd_configs).toEqual([{ names: [name], type: 'A', port }]);
      const { username_file: username, password_file: password } = job.basic_auth ?? {};
      for (const file of [username, password]) {
        expect(file).toBeDefined();
        expect(service.tmpfs).toContain(path.dirname(file!));
        expect(service.entrypoint!.join(' ')).toContain(`> ${file}`);
      }
    }
    expect(workerPort).toBeGreaterThan(0);
    // The credentials it writes are the ones the API and the worker check.
    expect(service.environment).toEqual({ OPS_USERNAME: '${OPS_USERNAME:-}', OPS_PASSWORD: '${OPS_PASSWORD:-}' });
    for (const name of ['api', 'worker']) {
      expect(services[name].environment).toEqual(expect.objectContaining({ OPS_USERNAME: '${OPS_USERNAME:-}', OPS_PASSWORD: '${OPS_PASSWORD:-}' }));
    }
  });

  /** promtool (Debian's `prometheus`), which `.ci/run` installs. */
  const promtool = spawnSync('promtool', ['--version']).status === 0;
  (promtool || process.env.CI === 'true' ? it : it.skip)('has a Prometheus configuration promtool accepts', () => {
    // Debian's promtool (2.42) predates username_file (the image's Prometheus 3 reads it): the rest is checked with a plain username.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-prometheus-'));
    try {
      const file = path.join(dir, 'prometheus.yml');
      fs.writeFileSync(file, fs.readFileSync(path.join(DOCKER, 'prometheus/prometheus.yml'), 'utf8').replace(/username_file: \S+,/g, 'username: ops,'));
      const check = spawnSync('promtool', ['check', 'config', file], { encoding: 'utf8' });
      expect(check.error).toBeUndefined();
      expect({ status: check.status, out: `${check.stdout}${check.stderr}` }).toEqual({ status: 0, out: expect.stringContaining('SUCCESS') });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('provisions Grafana with the data source and the dashboards folder it mounts, and no anonymous access', () => {
    const service = services.grafana;
    const provisioning = onHost(service, '/etc/grafana/provisioning');
    expect(provisioning).toBe(path.join(DOCKER, 'grafana/provisioning'));
    expect(fs.existsSync(path.join(provisioning!, 'datasources/prometheus.yml'))).toBe(true);

    expect(providers).toHaveLength(1);
    expect(providers[0].type).toBe('file');
    const folder = onHost(service, providers[0].options.path)!;
    expect(folder).toBe(path.join(DOCKER, 'grafana/dashboards'));
    expect(fs.readdirSync(folder).filter((f) => f.endsWith('.json'))).toEqual([path.basename(DASHBOARD_FILE)]);
    expect(onHost(service, service.environment!.GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH)).toBe(path.join(DOCKER, DASHBOARD_FILE));

    expect(service.environment).toEqual(expect.objectContaining({
      GF_AUTH_ANONYMOUS_ENABLED: 'false', GF_USERS_ALLOW_SIGN_UP: 'false', GF_SECURITY_ADMIN_PASSWORD: '${GRAFANA_ADMIN_PASSWORD:-}',
    }));
    // Empty, Grafana would fall back to its well-known default: the service refuses to start instead.
    expect(service.entrypoint!.join(' ')).toMatch(/-z "\$\$GF_SECURITY_ADMIN_PASSWORD".*exit 1/);
  });

  it('receives traces over OTLP/HTTP in Jaeger, where the services can send them', () => {
    expect(services.jaeger.environment?.COLLECTOR_OTLP_ENABLED).toBe('true');
    const compose = fs.readFileSync(path.join(DOCKER, 'docker-compose.yml'), 'utf8');
    expect(compose).toContain('OTEL_EXPORTER_OTLP_ENDPOINT=http://jaeger:4318');
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://jaeger:4318' }).tracing?.endpoint).toBe('http://jaeger:4318');
    for (const name of ['api', 'worker']) {
      expect(services[name].environment?.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('${OTEL_EXPORTER_OTLP_ENDPOINT:-}');
    }
  });
});
