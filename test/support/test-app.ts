import { randomBytes } from 'node:crypto';
import { Type } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createHttpApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { migrate } from '../../src/migrate';
import { CreateDealerUseCase, ManageCredentialsUseCase } from '../../src/modules/dealership';
import { scratchStore } from './scratch-store';
import { Backend } from './backends';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** Environment that points a child process (the CLI) at this app's database. */
  env: Record<string, string>;
  http: () => ReturnType<typeof request>;
  dataSource: DataSource;
  close: () => Promise<void>;
}

export interface DealerFixture {
  dealerId: string;
  username: string;
  password: string;
  /** `Authorization` header value. */
  auth: string;
}

/**
 * The rate limit of test apps (production: 1,200 a minute). The suites poll one credential every
 * 10-25 ms while they wait (runs, events, deliveries), which can pass 1,200 in a
 * minute; the rate-limit suite sets its own limit (and '' for the production default).
 */
export const TEST_RATE_LIMIT_PER_MINUTE = 1_000_000;

/**
 * Starts the real app (same factory as production) on a fresh database of the backend:
 * a temporary SQLite file, or a new MySQL database dropped on close; Redis keys get a unique prefix,
 * deleted on close.
 */
export async function startTestApp(backend: Backend, env: Record<string, string> = {}, extraModules: Type[] = []): Promise<TestApp> {
  const store = await scratchStore(backend, 't');
  const { DATABASE_URL, REDIS_URL, ...overridable } = store.env;
  // A caller may name its own data folder or queue prefix, never another database or Redis.
  const testEnv: Record<string, string> = {
    ...overridable, LOG_LEVEL: 'silent', DEMO_SEED: 'false', RATE_LIMIT_PER_MINUTE: String(TEST_RATE_LIMIT_PER_MINUTE), ...env,
    ...(DATABASE_URL ? { DATABASE_URL } : {}), ...(REDIS_URL ? { REDIS_URL } : {}),
  };

  const config = loadConfig(testEnv);
  // As a deploy does (`npm run migrate`) before the processes start.
  await migrate(config);
  const app = await createHttpApp(config, extraModules);
  await app.init();
  const server = app.getHttpServer();
  return {
    app,
    config,
    env: testEnv,
    http: () => request(server),
    dataSource: app.get<DataSource>(getDataSourceToken()),
    close: async () => {
      await app.close();
      await store.drop();
    },
  };
}

/** For a client that needs a real address (a browser, fetch, raw sockets): the app listens on a port the system assigns. */
export async function listenOnFreePort(t: TestApp): Promise<{ port: number; baseUrl: string }> {
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as { port: number };
  return { port, baseUrl: `http://127.0.0.1:${port}` };
}

export function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

let dealerCounter = 0;

/** A dealership with one dealer credential, made through the same use case as the CLI. */
export async function createDealer(t: TestApp, options: { name?: string; region?: string } = {}): Promise<DealerFixture> {
  dealerCounter++;
  const issued = await t.app.get(CreateDealerUseCase).execute({
    name: options.name ?? `Test Motors ${dealerCounter} ${randomBytes(2).toString('hex')}`,
    region: options.region ?? 'CA',
  });
  return { dealerId: issued.dealer_id, username: issued.username, password: issued.password, auth: basicAuth(issued.username, issued.password) };
}

/** A partner whose credential opens `endpoints` (the credit-application webhook by default, as the CLI's). */
export async function createPartner(t: TestApp, name = `Partner ${randomBytes(3).toString('hex')}`, endpoints?: string[]) {
  const issued = await t.app.get(ManageCredentialsUseCase).createPartner(name, endpoints);
  return { ...issued, auth: basicAuth(issued.username, issued.password) };
}
