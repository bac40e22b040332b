import { createConnection } from 'mysql2/promise';
import Redis from 'ioredis';

/** Says which backends the e2e suites use; in CI a configured but unreachable one fails the run. */
export default async function globalSetup(): Promise<void> {
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  const strict = process.env.CI === 'true';
  const say = (line: string) => process.stdout.write(`\n[e2e] ${line}`);

  if (!mysqlUrl) say('MySQL suites skipped: TEST_MYSQL_URL is not set (e.g. mysql://root@127.0.0.1:3306/test).');
  else {
    try {
      const conn = await createConnection({ uri: mysqlUrl, connectTimeout: 5000 });
      await conn.end();
      say(`MySQL: ${mysqlUrl.replace(/\/\/[^@]*@/, '//***@')}`);
    } catch (err) {
      const message = `MySQL at TEST_MYSQL_URL is unreachable: ${(err as Error).message}`;
      if (strict) throw new Error(message, { cause: err });
      say(`${message}; its suites will fail.`);
    }
  }
  if (!redisUrl) say('Redis (Bull) suites skipped: TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379).');
  else {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
    try {
      await redis.connect();
      await redis.ping();
      say(`Redis: ${redisUrl}`);
    } catch (err) {
      const message = `Redis at TEST_REDIS_URL is unreachable: ${(err as Error).message}`;
      if (strict) throw new Error(message, { cause: err });
      say(`${message}; its suites will fail.`);
    } finally {
      redis.disconnect();
    }
  }
  process.stdout.write('\n');
}
