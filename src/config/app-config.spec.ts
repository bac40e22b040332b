import * as path from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe(loadConfig.name, () => {
  it('defaults to the embedded SQLite database and in-process queues', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data', 'dealer.sqlite') });
    expect(config.redisUrl).toBeNull();
    expect(config.port).toBe(3000);
    expect(config.demoSeed).toBe(true);
    expect(config.auth.cacheTtlMs).toBe(60_000);
    expect(config.rateLimitPerMinute).toBe(1200);
    expect(config.corsOrigins).toEqual([]);
  });

  it('sends traces only when OTEL_EXPORTER_OTLP_ENDPOINT names a collector', () => {
    expect(loadConfig({}).tracing).toBeNull();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({ endpoint: 'http://collector:4318', serviceName: null });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/otlp/', OTEL_SERVICE_NAME: 'dealer-api-eu' }).tracing)
      .toEqual({ endpoint: 'https://otel.example.com/otlp/', serviceName: 'dealer-api-eu' });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318?x=1' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'dealer api' })).toThrow(/OTEL_SERVICE_NAME/);
  });

  it('chooses MySQL and Redis from their URLs', () => {
    const config = loadConfig({ DATABASE_URL: 'mysql://root@db:3306/dealer', REDIS_URL: 'redis://cache:6379', PORT: '8080' });
    expect(config.database).toEqual({ kind: 'mysql', url: 'mysql://root@db:3306/dealer' });
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.port).toBe(8080);
    // The demo is for trying the service, on either database; a production deploy has none.
    expect(config.demoSeed).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'mysql://root@db:3306/dealer', NODE_ENV: 'production' }).demoSeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'true' }).demoSeed).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ AUTH_CACHE_TTL_SECONDS: '61' }, 'AUTH_CACHE_TTL_SECONDS'],
    [{ RUN_WORKERS: 'maybe' }, 'RUN_WORKERS'],
    [{ MESSAGING_ENGINE: 'pigeon' }, 'MESSAGING_ENGINE'],
    [{ LLM_BASE_URL: 'http://llm' }, 'LLM_MODEL'],
    [{ MESSAGING_ENGINE: 'smtp' }, 'SMTP_URL'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ RATE_LIMIT_PER_MINUTE: 'lots' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ CORS_ORIGINS: 'https://app.example.com/' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'app.example.com' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://a.example.com,*' }, 'CORS_ORIGINS'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY'],
    [{ ASSISTANT_FIXED_TIME: 'friday noon' }, 'ASSISTANT_FIXED_TIME'],
    [{ ASSISTANT_FIXED_TIME: '2026-11-27T12:26:00' }, 'ASSISTANT_FIXED_TIME'],
    [{ ASSISTANT_FIXED_TIME: '2026-02-30T12:00:00Z' }, 'ASSISTANT_FIXED_TIME'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('fixes the assistant\'s clock at ASSISTANT_FIXED_TIME, an instant with its offset; unset, the system clock', () => {
    expect(loadConfig({}).assistant.fixedTime).toBeNull();
    expect(loadConfig({ ASSISTANT_FIXED_TIME: '2026-11-27T12:26:00-05:00' }).assistant.fixedTime).toEqual(new Date('2026-11-27T17:26:00Z'));
    expect(loadConfig({ ASSISTANT_FIXED_TIME: '2026-11-27T17:26Z' }).assistant.fixedTime).toEqual(new Date('2026-11-27T17:26:00Z'));
  });

  it('waits at shutdown long enough for a run in progress, unless told otherwise', () => {
    expect(loadConfig({}).shutdownTimeoutS).toBe(135);
    expect(loadConfig({ ASSISTANT_RUN_DEADLINE_S: '30' }).shutdownTimeoutS).toBe(45);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_S: '10' }).shutdownTimeoutS).toBe(10);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_S: '0' })).toThrow('SHUTDOWN_TIMEOUT_S');
  });

  it('reads which proxies to trust for the client address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
  });

  it('refuses RUN_WORKERS=false without a Redis queue to share', () => {
    expect(() => loadConfig({ RUN_WORKERS: 'false' })).toThrow('RUN_WORKERS=false needs REDIS_URL');
    expect(loadConfig({ RUN_WORKERS: 'false', REDIS_URL: 'redis://r:6379' }).runWorkers).toBe(false);
  });

  it('never echoes the value of a URL or secret it refuses', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://admin:hunter2@db/x' })).toThrow('DATABASE_URL=(value hidden)');
    expect(() => loadConfig({ DATABASE_URL: 'postgres://admin:hunter2@db/x' })).not.toThrow(/hunter2/);
  });

  it('reads the rate limit and the CORS origins', () => {
    const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '60', CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' });
    expect(config.rateLimitPerMinute).toBe(60);
    expect(config.corsOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it('splits the partner signing secrets for rotation', () => {
    expect(loadConfig({ PARTNER_SIGNING_SECRETS: 'new, old ,' }).partnerSigningSecrets).toEqual(['new', 'old']);
  });
});
