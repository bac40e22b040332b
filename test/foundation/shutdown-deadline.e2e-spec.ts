import { configuredBackends } from '../support/backends';
import { Deployment, freshStore, Store } from '../support/service-processes';
import { TcpProxy } from '../support/tcp-proxy';

/**
 * The built service (`npx nest build` first) stops within SHUTDOWN_TIMEOUT_S of SIGTERM even when
 * Redis hangs: Bull's close waits for ever on a connection that passes nothing, so before the
 * deadline a stop signal left the process running until someone killed it.
 */
const redisUrl = configuredBackends().find((b) => b.redisUrl)?.redisUrl ?? null;
if (!redisUrl) process.stdout.write('[e2e] shutdown deadline suite skipped: it needs TEST_REDIS_URL (a Redis that hangs)\n');

(redisUrl ? describe : describe.skip)('Shutdown deadline (the built service, SQLite + Redis through a proxy)', () => {
  let proxy: TcpProxy;
  let store: Store;
  let service: Deployment | undefined;
  let serviceEnv: Record<string, string>;

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await TcpProxy.start(target.hostname, Number(target.port || 6379));
    const proxied = new URL(redisUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    // The store's own clean-up talks to Redis directly; the service, through the proxy.
    store = await freshStore({ name: 'sqlite+bull', mysqlUrl: null, redisUrl: redisUrl! });
    serviceEnv = { ...store.env, REDIS_URL: proxied.toString() };
  });
  // A service that did not stop in time is killed, so a failure leaves nothing running.
  afterEach(() => service?.stop('SIGKILL'));
  afterAll(async () => {
    await store?.drop();
    await proxy?.close();
  });

  /** SIGTERM; resolves with how the process ended and how long it took. */
  async function stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    const { child } = service!.apis[0];
    const started = Date.now();
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (code, signal) => resolve([code, signal])));
    child.kill('SIGTERM');
    const [code, signal] = await exited;
    return { code, signal, ms: Date.now() - started };
  }

  it('stops gracefully, well within the deadline, while Redis answers', async () => {
    service = await Deployment.start({ ...serviceEnv, SHUTDOWN_TIMEOUT_S: '20' }, false);
    const ended = await stop();
    expect(ended).toMatchObject({ code: null, signal: 'SIGTERM' });
    expect(ended.ms).toBeLessThan(5_000);
    expect(service.apis[0].output()).not.toContain('shutdown did not finish');
  }, 30_000);

  it('exits within SHUTDOWN_TIMEOUT_S when Redis hangs, saying why', async () => {
    service = await Deployment.start({ ...serviceEnv, SHUTDOWN_TIMEOUT_S: '2' }, false);
    proxy.freeze();
    const ended = await stop();
    expect(ended.code).toBe(1);
    expect(ended.ms).toBeGreaterThanOrEqual(2_000);
    expect(ended.ms).toBeLessThan(8_000);
    expect(service.apis[0].output()).toContain('Dealership API: shutdown did not finish within 2 s (SHUTDOWN_TIMEOUT_S) after SIGTERM; exiting now');
  }, 30_000);
});
