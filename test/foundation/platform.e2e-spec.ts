import { JobQueue } from '../../libs/common/queue/job-queue';
import { describeEachBackend } from '../support/backends';
import { startTestApp, TestApp } from '../support/test-app';

describeEachBackend('Health and API documentation', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('/health/live and /health/ready need no credentials and answer in the shape of @nestjs/terminus', async () => {
    const live = await t.http().get('/health/live').expect(200);
    const process = { status: 'up', uptime_seconds: expect.any(Number) };
    expect(live.body).toEqual({ status: 'ok', info: { process }, error: {}, details: { process } });
    expect(Number.isInteger(live.body.details.process.uptime_seconds)).toBe(true);
    expect(live.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');

    const ready = await t.http().get('/health/ready').expect(200);
    const up = { status: 'up', response_time_ms: expect.any(Number) };
    expect(ready.body).toEqual({ status: 'ok', info: { database: up, queue: up }, error: {}, details: { database: up, queue: up } });
    expect(ready.headers['retry-after']).toBeUndefined();
  });

  it('/health/ready answers 503 with Retry-After and names the queue when it does not answer', async () => {
    const ping = jest.spyOn(t.app.get(JobQueue), 'ping').mockResolvedValue(false);
    try {
      const res = await t.http().get('/health/ready').expect(503);
      expect(res.headers['retry-after']).toBe('5');
      const down = { status: 'down', response_time_ms: expect.any(Number), message: 'the queue did not answer a ping' };
      const up = { status: 'up', response_time_ms: expect.any(Number) };
      expect(res.body).toEqual({ status: 'error', info: { database: up }, error: { queue: down }, details: { database: up, queue: down } });
    } finally {
      ping.mockRestore();
    }
    await t.http().get('/health/ready').expect(200);
  });

  it('documents both health endpoints with their response schemas', async () => {
    const doc = (await t.http().get('/docs/openapi.json').expect(200)).body;
    expect(doc.paths['/health/live'].get.operationId).toBe('getLiveness');
    expect(doc.paths['/health/ready'].get.operationId).toBe('getReadiness');
    const ready = doc.paths['/health/ready'].get.responses;
    expect(ready['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ReadinessResponse' });
    expect(ready['503'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ReadinessResponse' });
    expect(ready['503'].headers['Retry-After'].schema.type).toBe('integer');
    const schemas = doc.components.schemas;
    expect(schemas.ReadinessResponse.properties.status.enum).toEqual(['ok', 'error', 'shutting_down']);
    expect(schemas.DependencyHealthResponse.properties.status.enum).toEqual(['up', 'down']);
    expect(schemas.DependencyHealthResponse.properties.response_time_ms.type).toBe('integer');
    expect(schemas.ProcessHealthResponse.properties.uptime_seconds.type).toBe('integer');
  });

  it('serves the OpenAPI document and Swagger UI', async () => {
    const doc = await t.http().get('/docs/openapi.json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toContain('/api/v1/dealership');
    expect(doc.body.components.securitySchemes.basic).toMatchObject({ type: 'http', scheme: 'basic' });
    const ui = await t.http().get('/docs/').expect(200);
    expect(ui.text).toContain('swagger-ui');
  });
});
