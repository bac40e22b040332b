import { gzipSync } from 'node:zlib';
import { describeEachBackend } from '../support/backends';
import { ProbeModule } from '../support/probe.module';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';

describeEachBackend('Error model and request ids', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend, { BODY_LIMIT_BYTES: '2048' }, [ProbeModule]);
    dealer = await createDealer(t);
  });
  afterAll(() => t.close());

  it('echoes the caller X-Request-Id and generates one otherwise', async () => {
    const echoed = await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).set('X-Request-Id', 'abc-123').expect(200);
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const generated = await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await t.http().get('/api/v1/dealership').expect(401);
    expect(refused.headers['x-request-id']).toBeDefined();
  });

  it('replaces an unusable X-Request-Id', async () => {
    const res = await t.http().get('/health/live').set('X-Request-Id', 'bad id with spaces').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('400 for malformed JSON, with a request id', async () => {
    const res = await t.http().post('/api/v1/_probe/echo').set('Authorization', dealer.auth)
      .set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body', details: null });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it.each(['gzip', 'deflate', 'br'])('400 for a body that is not the %s its Content-Encoding says, with a request id', async (encoding) => {
    const res = await t.http().post('/api/v1/_probe/echo').set('Authorization', dealer.auth)
      .set('Content-Type', 'application/json').set('Content-Encoding', encoding).send('{"name": "x"}').expect(400);
    expect(res.body).toEqual({ message: `The body is not valid ${encoding} data (Content-Encoding)`, details: null });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('400 for a gzip body cut short', async () => {
    const cut = gzipSync('{"name": "x"}').subarray(0, 12);
    const res = await t.http().post('/api/v1/_probe/echo').set('Authorization', dealer.auth)
      .set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').serialize((b: Buffer) => b as unknown as string).send(cut).expect(400);
    expect(res.body.message).toBe('The body is not valid gzip data (Content-Encoding)');
  });

  it('400 for a validation failure, listing every field', async () => {
    const res = await t.http().post('/api/v1/_probe/echo').set('Authorization', dealer.auth)
      .send({ name: '', count: 11, extra: true }).expect(400);
    expect(res.body.message).toBe('Request validation failed');
    const fields = (res.body.details as { field: string; errors: string[] }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['count', 'extra', 'name']);
    for (const d of res.body.details) expect(d.errors.length).toBeGreaterThan(0);
  });

  it('accepts a valid body', async () => {
    await t.http().post('/api/v1/_probe/echo').set('Authorization', dealer.auth).send({ name: 'x', count: 2 }).expect(200, { name: 'x', count: 2 });
  });

  it('404 for an unknown route, in the error shape', async () => {
    const res = await t.http().get('/api/v1/nothing-here').set('Authorization', dealer.auth).expect(404);
    expect(res.body).toEqual({ message: 'No route for GET /api/v1/nothing-here', details: null });
  });

  it('413 for a JSON body over the limit', async () => {
    const res = await t.http().post('/api/v1/_probe/echo').set('Authorization', dealer.auth)
      .send({ name: 'x'.repeat(4096), count: 1 }).expect(413);
    expect(res.body).toEqual({ message: 'Request body too large', details: { limit_bytes: 2048 } });
  });

  it('413 for an upload over its limit', async () => {
    const res = await t.http().put('/api/v1/_probe/upload').set('Authorization', dealer.auth)
      .attach('File', Buffer.alloc(4096, 'a'), 'big.csv').expect(413);
    expect(res.body).toEqual({ message: expect.any(String), details: null });
  });

  it('415 for JSON where multipart is required, and for text where JSON is required', async () => {
    const a = await t.http().put('/api/v1/_probe/upload').set('Authorization', dealer.auth).send({ a: 1 }).expect(415);
    expect(a.body).toEqual({ message: 'Content-Type must be multipart/form-data; got application/json', details: null });
    const b = await t.http().post('/api/v1/_probe/echo').set('Authorization', dealer.auth).set('Content-Type', 'text/plain').send('hello').expect(415);
    expect(b.body.message).toBe('Content-Type must be application/json; got text/plain');
  });

  it('checks the credentials before the content type, and lets a bodiless request of any type through', async () => {
    await t.http().post('/api/v1/_probe/echo').set('Content-Type', 'text/plain').send('hello').expect(401);
    await t.http().put('/api/v1/_probe/upload').send({ a: 1 }).expect(401);
    // No body, so no type to refuse: the route answers (the probe reports no file).
    const empty = await t.http().put('/api/v1/_probe/upload').set('Authorization', dealer.auth).set('Content-Type', 'application/json').expect(200);
    expect(empty.body).toEqual({ size: 0 });
  });

  it('500 without internals, carrying the request id', async () => {
    const res = await t.http().get('/api/v1/_probe/boom').set('Authorization', dealer.auth).set('X-Request-Id', 'req-500').expect(500);
    expect(res.body).toEqual({ message: 'Internal server error', details: { request_id: 'req-500' } });
    expect(JSON.stringify(res.body)).not.toContain('secret internal detail');
  });

  // Last: it closes the database connection.
  it('503 with Retry-After when the database is unreachable, and /health/ready says so', async () => {
    await t.http().get('/api/v1/_probe/db').set('Authorization', dealer.auth).expect(200);
    await t.dataSource.destroy();
    const res = await t.http().get('/api/v1/_probe/db').set('Authorization', dealer.auth).expect(503);
    expect(res.body).toEqual({ message: 'Service temporarily unavailable', details: null });
    expect(res.headers['retry-after']).toBe('5');
    const ready = await t.http().get('/health/ready').expect(503);
    expect(ready.headers['retry-after']).toBe('5');
    const down = { status: 'down', response_time_ms: expect.any(Number) };
    const up = { status: 'up', response_time_ms: expect.any(Number) };
    expect(ready.body).toEqual({ status: 'error', info: { queue: up }, error: { database: down }, details: { database: down, queue: up } });
  });
});
