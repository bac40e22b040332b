import { randomBytes } from 'node:crypto';
import Bull from 'bull';
import { until } from '../../../test/support/eventually';
import { TcpProxy } from '../../../test/support/tcp-proxy';
import { REDIS_CONNECTION } from './queue.module';

/**
 * Bull on QueueModule's connection options, through a proxy that cuts Redis off for longer than
 * ioredis retries a command (20 reconnections). Reconnections 5 ms apart instead of 0.1-2 s, so the
 * 20 take no time. Needs TEST_REDIS_URL (always set in CI).
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) process.stdout.write('[unit] Redis reconnection skipped: TEST_REDIS_URL is not set\n');

(redisUrl ? describe : describe.skip)('REDIS_CONNECTION', () => {
  it('keeps reconnecting through an outage past the command retries, and adds jobs once Redis is back', async () => {
    const target = new URL(redisUrl!);
    const proxy = await TcpProxy.start(target.hostname, Number(target.port || 6379));
    const queue = new Bull('reconnect', `redis://127.0.0.1:${proxy.port}`, {
      prefix: `t${randomBytes(4).toString('hex')}`, redis: { ...REDIS_CONNECTION, retryStrategy: () => 5 },
    });
    queue.on('error', () => undefined);
    try {
      await queue.add({ n: 1 });
      proxy.cut();
      // Given up after the 20th reconnection (or carried out after the restore): either way it settles.
      const during = queue.add({ n: 2 }).then(() => 'added', () => 'given up');
      // With CLIENT SETINFO on connect, ioredis 5 stopped reconnecting here (redis/ioredis#2099): the
      // client stayed "ready" on a dead socket and every later command waited for ever.
      await until(() => proxy.refused >= 40, 'reconnections past the 20 retries of a command', { timeoutMs: 10_000 });
      proxy.restore();
      expect(['added', 'given up']).toContain(await during);
      await queue.add({ n: 3 });
      expect(await queue.getJobCounts()).toEqual(expect.objectContaining({ waiting: (await during) === 'added' ? 3 : 2 }));
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
      await proxy.close();
    }
  });
});
