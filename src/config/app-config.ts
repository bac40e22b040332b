import * as net from 'node:net';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, validateSync,
} from 'class-validator';
import * as path from 'node:path';

const toInt = () => Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value));
const toBool = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    return ['true', '1', 'yes'].includes(v) ? true : ['false', '0', 'no'].includes(v) ? false : value;
  });

/** Environment variables the service reads. Validated once at boot; nothing else reads process.env. */
class EnvironmentVariables {
  @IsOptional() @toInt() @IsInt() @Min(0) @Max(65535) PORT = 3000;
  @IsOptional() @IsString() HOST = '0.0.0.0';
  @IsOptional() @Matches(/^(mysql|mariadb):\/\/.+/, { message: 'DATABASE_URL must be a mysql:// URL (leave it unset for the embedded SQLite database)' })
  DATABASE_URL?: string;
  @IsOptional() @IsString() DATA_DIR = 'data';
  @IsOptional() @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL (leave it unset for in-process queues)' })
  REDIS_URL?: string;
  @IsOptional() @Matches(/^[a-zA-Z0-9_:-]{1,64}$/, { message: 'QUEUE_PREFIX must be 1-64 of a-z A-Z 0-9 _ : -' }) QUEUE_PREFIX = 'dealer-api';
  @IsOptional() @toBool() @IsBoolean() RUN_WORKERS = true;
  @IsOptional() @toBool() @IsBoolean() MIGRATE_ON_START?: boolean;
  @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL = 'info';
  @IsOptional() @toBool() @IsBoolean() DEMO_SEED?: boolean;
  @IsOptional() @IsString() NODE_ENV?: string;
  @IsOptional() @toBool() @IsBoolean() CATALOG_SEED = true;
  @IsOptional() @toInt() @IsInt() @Min(0) @Max(60) AUTH_CACHE_TTL_SECONDS = 60;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(100000) AUTH_CACHE_MAX_ENTRIES = 10000;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(100000) AUTH_FAILURE_LIMIT = 10;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(100000) AUTH_ADDRESS_FAILURE_LIMIT = 50;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(1000000) AUTH_USERNAME_FAILURE_LIMIT = 100;
  @IsOptional() @IsString() TRUST_PROXY?: string;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(86400) AUTH_FAILURE_WINDOW_SECONDS = 60;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(100_000_000) RATE_LIMIT_PER_MINUTE = 1200;
  @IsOptional() @IsString() CORS_ORIGINS?: string;
  @IsOptional() @toInt() @IsInt() @Min(1024) BODY_LIMIT_BYTES = 1024 * 1024;
  @IsOptional() @toInt() @IsInt() @Min(1024) UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;
  @IsOptional() @toInt() @IsInt() @Min(1) UPLOAD_MAX_ROWS = 200000;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(3600) REQUEST_TIMEOUT_S = 30;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(3600) UPLOAD_SWEEP_INTERVAL_S = 60;
  @IsOptional() @toInt() @IsInt() @Min(0) @Max(100_000_000) SEARCH_SNAPSHOT_MAX_CARS = 1_000_000;
  @IsOptional() @IsString() PARTNER_SIGNING_SECRETS?: string;
  @IsOptional() @Matches(/^https?:\/\/.+/, { message: 'LLM_BASE_URL must be an http(s) URL' }) LLM_BASE_URL?: string;
  @IsOptional() @IsString() LLM_MODEL?: string;
  @IsOptional() @IsString() LLM_API_KEY?: string;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(120000) LLM_TIMEOUT_MS = 5000;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(3600) ASSISTANT_RUN_DEADLINE_S = 120;
  @IsOptional() @toInt() @IsInt() @Min(0) @Max(10000) ASSISTANT_STREAM_DELAY_MS = 0;
  @IsOptional() @toInt() @IsInt() @Min(100) @Max(60000) ASSISTANT_SWEEP_INTERVAL_MS = 2000;
  @IsOptional() @toInt() @IsInt() @Min(2) @Max(3600) ASSISTANT_WORKER_TIMEOUT_S = 15;
  @IsOptional() @IsString() ASSISTANT_FIXED_TIME?: string;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(7200) SHUTDOWN_TIMEOUT_S?: number;
  @IsOptional() @IsString() OPS_USERNAME?: string;
  @IsOptional() @IsString() OPS_PASSWORD?: string;
  @IsOptional() @toInt() @IsInt() @Min(0) @Max(65535) METRICS_PORT = 9464;
  @IsOptional() @IsIn(['log', 'smtp', 'http']) MESSAGING_ENGINE = 'log';
  @IsOptional() @Matches(/^smtps?:\/\/.+/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' }) SMTP_URL?: string;
  @IsOptional() @Matches(/^https?:\/\/.+/, { message: 'MESSAGING_ENGINE_URL must be an http(s) URL' }) MESSAGING_ENGINE_URL?: string;
  @IsOptional() @IsString() MESSAGING_ENGINE_SECRET?: string;
  @IsOptional() @IsString() SMTP_FROM?: string;
  @IsOptional() @toInt() @IsInt() @Min(100) @Max(120000) MESSAGING_ENGINE_TIMEOUT_MS = 10000;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(25) MESSAGING_DELIVERY_ATTEMPTS = 5;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(3600000) MESSAGING_DELIVERY_BACKOFF_MS = 5000;
  @IsOptional() @toBool() @IsBoolean() ALLOW_HTTP_NOTIFICATIONS = false;
  @IsOptional() @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL: the OTLP/HTTP base of a collector (spans go to its /v1/traces)' })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  @IsOptional() @Matches(/^[\w.:-]{1,128}$/, { message: 'OTEL_SERVICE_NAME must be 1-128 of a-z A-Z 0-9 _ . : -' }) OTEL_SERVICE_NAME?: string;
}

/** Typed, validated configuration: the one DI token for settings. */
export class AppConfig {
  readonly port!: number;
  readonly host!: string;
  readonly database!: { kind: 'sqlite'; file: string } | { kind: 'mysql'; url: string };
  readonly dataDir!: string;
  readonly redisUrl!: string | null;
  readonly queuePrefix!: string;
  /** `npm start` also composes the worker root (the queue processors) into the API process. */
  readonly runWorkers!: boolean;
  /** The API (and the CLI) run pending migrations at start: the embedded default, or MIGRATE_ON_START=true. */
  readonly migrateOnStart!: boolean;
  readonly logLevel!: string;
  /**
   * After SIGTERM (or SIGINT, SIGHUP), the process exits within this many seconds even if a
   * dependency hangs its shutdown. By default long enough for a run in progress to finish.
   */
  readonly shutdownTimeoutS!: number;
  readonly demoSeed!: boolean;
  /** Load the shipped seed catalog at API start when the catalog is empty. */
  readonly catalogSeed!: boolean;
  readonly auth!: {
    cacheTtlMs: number; cacheMaxEntries: number; failureLimit: number; addressFailureLimit: number; usernameFailureLimit: number; failureWindowSeconds: number;
  };
  /** Express's `trust proxy`: which proxies' X-Forwarded-For names the client address (false: none). */
  readonly trustProxy!: boolean | number | string[];
  readonly limits!: { bodyBytes: number; uploadBytes: number; uploadRows: number };
  /**
   * A request's whole body must arrive within this long of its first byte, its headers within 10 s
   * (or this, if less); else 408 (decisions.md section 1). Handling after the body arrived is not bounded by it.
   */
  readonly requestTimeoutMs!: number;
  /** How often the API removes upload files that no request owns, once untouched for 2 x requestTimeoutMs. */
  readonly uploadSweepIntervalMs!: number;
  /**
   * Cars of all dealerships that search's in-process column snapshots may hold (about 200 bytes a
   * car; the least recently searched dealership is dropped first); 0 turns them off (every search in SQL).
   */
  readonly searchSnapshotMaxCars!: number;
  /** Requests a minute per credential (shared through Redis when REDIS_URL is set). */
  readonly rateLimitPerMinute!: number;
  /** Origins browsers may call the API from; empty: CORS off. */
  readonly corsOrigins!: string[];
  readonly partnerSigningSecrets!: string[];
  /**
   * Operator access to `/metrics` and `/admin/queues` (decisions.md section 13); null: those routes
   * do not exist and nothing is measured.
   */
  readonly ops!: { username: string; password: string } | null;
  /** Where `npm run start:worker` serves its own `/metrics` (0: a port the system picks). */
  readonly metricsPort!: number;
  readonly llm!: { baseUrl: string; model: string; apiKey: string | null; timeoutMs: number } | null;
  readonly assistant!: {
    /** A run past it ends `expired`. */
    runDeadlineMs: number;
    /** The offline model's pause between words (0: as fast as it can). */
    streamDelayMs: number;
    /** How often the worker's sweep hands over, expires and recovers runs. */
    sweepIntervalMs: number;
    /** A run in progress whose worker has not beaten for this long lost its worker. */
    workerTimeoutMs: number;
    /** The instant the assistant's clock always reads (testing and demos only); null: the system clock. */
    fixedTime: Date | null;
  };
  readonly messaging!: {
    engine: 'log' | 'smtp' | 'http';
    smtpUrl: string | null;
    /** Sender of email when the dealership's profile has no outbound address. */
    smtpFrom: string | null;
    engineUrl: string | null;
    /** Signs outbound engine calls and verifies inbound ones (HMAC-SHA256). */
    engineSecret: string | null;
    timeoutMs: number;
    /** Delivery tries per message (including the first) and the first retry delay, doubled each time. */
    deliveryAttempts: number;
    deliveryBackoffMs: number;
    /** Hand-off chat notifications may go to http:// URLs (development only; else https only). */
    allowHttpNotifications: boolean;
  };

  /**
   * OpenTelemetry traces to an OTLP/HTTP collector (decisions.md section 13), started by
   * src/tracing.ts; null: off, and no OpenTelemetry module is loaded. `serviceName` null: the
   * process's own (dealer-api, dealer-api-worker).
   */
  readonly tracing!: { endpoint: string; serviceName: string | null } | null;

  constructor(values: AppConfig) {
    Object.assign(this, values);
  }
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const vars = plainToInstance(EnvironmentVariables, present);
  const errors = validateSync(vars, { whitelist: false });
  if (errors.length > 0) {
    // URLs may carry passwords; secrets and keys are never echoed.
    const shown = (name: string) => (/(_URL|SECRET|KEY)/.test(name) ? '(value hidden)' : JSON.stringify(present[name]));
    const lines = errors.map((e) => `  ${e.property}=${shown(e.property)}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const requireTogether = (name: string, value: unknown, needs: string, other: unknown) => {
    if (value && !other) throw new ConfigError(`Invalid configuration:\n  ${needs} is required when ${name} is set`);
  };
  requireTogether('LLM_BASE_URL', vars.LLM_BASE_URL, 'LLM_MODEL', vars.LLM_MODEL);
  if (vars.MESSAGING_ENGINE === 'smtp') requireTogether('MESSAGING_ENGINE=smtp', true, 'SMTP_URL', vars.SMTP_URL);
  if (vars.MESSAGING_ENGINE === 'http') requireTogether('MESSAGING_ENGINE=http', true, 'MESSAGING_ENGINE_URL', vars.MESSAGING_ENGINE_URL);
  if (vars.MESSAGING_ENGINE === 'http') requireTogether('MESSAGING_ENGINE=http', true, 'MESSAGING_ENGINE_SECRET', vars.MESSAGING_ENGINE_SECRET);

  if (Boolean(vars.OPS_USERNAME) !== Boolean(vars.OPS_PASSWORD)) {
    throw new ConfigError(`Invalid configuration:\n  ${vars.OPS_USERNAME ? 'OPS_PASSWORD' : 'OPS_USERNAME'} is required when ${vars.OPS_USERNAME ? 'OPS_USERNAME' : 'OPS_PASSWORD'} is set`);
  }
  if (vars.OPS_USERNAME?.includes(':')) throw new ConfigError('Invalid configuration:\n  OPS_USERNAME must not contain ":" (Basic credentials split there)');

  if (!vars.RUN_WORKERS && !vars.REDIS_URL) {
    // In-process queues live in this process's memory: nothing else could ever run their jobs.
    throw new ConfigError('Invalid configuration:\n  RUN_WORKERS=false needs REDIS_URL (a separate worker can only share a Redis queue)');
  }
  const corsOrigins = parseOrigins(vars.CORS_ORIGINS);
  const fixedTime = parseInstant('ASSISTANT_FIXED_TIME', vars.ASSISTANT_FIXED_TIME);
  const trustProxy = parseTrustProxy(vars.TRUST_PROXY);
  const dataDir = path.resolve(vars.DATA_DIR);
  return new AppConfig({
    port: vars.PORT,
    host: vars.HOST,
    trustProxy,
    database: vars.DATABASE_URL
      ? { kind: 'mysql', url: vars.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'dealer.sqlite') },
    dataDir,
    redisUrl: vars.REDIS_URL ?? null,
    queuePrefix: vars.QUEUE_PREFIX,
    runWorkers: vars.RUN_WORKERS,
    migrateOnStart: vars.MIGRATE_ON_START ?? !vars.DATABASE_URL,
    logLevel: vars.LOG_LEVEL,
    shutdownTimeoutS: vars.SHUTDOWN_TIMEOUT_S ?? vars.ASSISTANT_RUN_DEADLINE_S + 15,
    // For trying the service, on either database; a production deploy (NODE_ENV=production) has no demo.
    demoSeed: vars.DEMO_SEED ?? vars.NODE_ENV !== 'production',
    catalogSeed: vars.CATALOG_SEED,
    auth: {
      cacheTtlMs: vars.AUTH_CACHE_TTL_SECONDS * 1000,
      cacheMaxEntries: vars.AUTH_CACHE_MAX_ENTRIES,
      failureLimit: vars.AUTH_FAILURE_LIMIT,
      addressFailureLimit: vars.AUTH_ADDRESS_FAILURE_LIMIT,
      usernameFailureLimit: vars.AUTH_USERNAME_FAILURE_LIMIT,
      failureWindowSeconds: vars.AUTH_FAILURE_WINDOW_SECONDS,
    },
    limits: { bodyBytes: vars.BODY_LIMIT_BYTES, uploadBytes: vars.UPLOAD_LIMIT_BYTES, uploadRows: vars.UPLOAD_MAX_ROWS },
    requestTimeoutMs: vars.REQUEST_TIMEOUT_S * 1000,
    uploadSweepIntervalMs: vars.UPLOAD_SWEEP_INTERVAL_S * 1000,
    searchSnapshotMaxCars: vars.SEARCH_SNAPSHOT_MAX_CARS,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    corsOrigins,
    ops: vars.OPS_USERNAME && vars.OPS_PASSWORD ? { username: vars.OPS_USERNAME, password: vars.OPS_PASSWORD } : null,
    metricsPort: vars.METRICS_PORT,
    partnerSigningSecrets: (vars.PARTNER_SIGNING_SECRETS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    llm: vars.LLM_BASE_URL && vars.LLM_MODEL
      ? { baseUrl: vars.LLM_BASE_URL, model: vars.LLM_MODEL, apiKey: vars.LLM_API_KEY ?? null, timeoutMs: vars.LLM_TIMEOUT_MS }
      : null,
    assistant: {
      runDeadlineMs: vars.ASSISTANT_RUN_DEADLINE_S * 1000,
      streamDelayMs: vars.ASSISTANT_STREAM_DELAY_MS,
      sweepIntervalMs: vars.ASSISTANT_SWEEP_INTERVAL_MS,
      workerTimeoutMs: vars.ASSISTANT_WORKER_TIMEOUT_S * 1000,
      fixedTime,
    },
    messaging: {
      engine: vars.MESSAGING_ENGINE as 'log' | 'smtp' | 'http',
      smtpUrl: vars.SMTP_URL ?? null,
      smtpFrom: vars.SMTP_FROM ?? null,
      engineUrl: vars.MESSAGING_ENGINE_URL ?? null,
      engineSecret: vars.MESSAGING_ENGINE_SECRET ?? null,
      timeoutMs: vars.MESSAGING_ENGINE_TIMEOUT_MS,
      deliveryAttempts: vars.MESSAGING_DELIVERY_ATTEMPTS,
      deliveryBackoffMs: vars.MESSAGING_DELIVERY_BACKOFF_MS,
      allowHttpNotifications: vars.ALLOW_HTTP_NOTIFICATIONS,
    },
    tracing: vars.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: vars.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: vars.OTEL_SERVICE_NAME ?? null } : null,
  });
}

const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: unset or `false` (the client address is the socket's), a hop count (`1`: one load
 * balancer in front), or comma-separated addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`
 * of the proxies whose X-Forwarded-For is believed. `true` (believe any) is refused: a client could
 * then pick its own address and escape the failure throttling.
 */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim()).filter((e) => e !== '');
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!NAMED_PROXY_RANGES.has(entry) && (family === 0 || !prefixOk || rest.length > 0)) {
      throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY=${JSON.stringify(value)}: ${JSON.stringify(entry)} is not a hop count, an address, a CIDR range or loopback/linklocal/uniquelocal`);
    }
  }
  return entries;
}

/**
 * An ISO 8601 instant: a date, a time and its offset (`2026-11-27T12:26:00-05:00`, `2026-11-27T17:26Z`).
 * Without an offset the instant would depend on the server's zone, so one is required.
 */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

function parseInstant(name: string, value: string | undefined): Date | null {
  if (value === undefined) return null;
  const text = value.trim();
  const m = ISO_INSTANT.exec(text);
  // Date rolls a day past the month's end over (Feb 30 is Mar 2): the fields are checked as written.
  const [year, month, day, hour, minute, second] = (m?.slice(1, 7) ?? []).map((v) => Number(v ?? 0));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const at = new Date(text);
  if (!m || month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59 || Number.isNaN(at.getTime())) {
    throw new ConfigError(`Invalid configuration:\n  ${name}=${JSON.stringify(value)}: must be an ISO 8601 instant with its offset, such as 2026-11-27T12:26:00-05:00 or 2026-11-27T17:26:00Z (leave it unset for the system clock)`);
  }
  return at;
}

/** `CORS_ORIGINS`: comma-separated origins, each exactly `scheme://host[:port]` (what a browser sends as `Origin`). */
function parseOrigins(value: string | undefined): string[] {
  const origins = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // reported below
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(`Invalid configuration:\n  CORS_ORIGINS=${JSON.stringify(value)}: ${JSON.stringify(origin)} is not an origin (http(s)://host[:port], no path or trailing slash)`);
    }
  }
  return origins;
}
