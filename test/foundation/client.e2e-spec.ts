import { createHmac, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createDealerApiClient, type operations } from '../../libs/client';
import { importCatalog } from '../catalog/catalog-support';
import { csv, vin } from '../inventory/inventory-fixtures';
import { describeEachBackend } from '../support/backends';
import { eventually } from '../support/eventually';
import { createDealer, createPartner, DealerFixture, listenOnFreePort, startTestApp, TestApp } from '../support/test-app';

/**
 * The typed client (libs/client) against the running app: one test per operation of the committed
 * document, named after its operationId, calling it only through the client and checking the
 * documented success status and what the response says. The tests run in order and build on each
 * other: the catalog, the inventory uploaded, the conversation engaged, the assistant's run.
 */
type OperationId = keyof operations;

/** Every operation this file tests; the first test fails when the document has one more. */
const OPERATIONS: readonly OperationId[] = [
  'getLiveness', 'getReadiness',
  'partnerIntegrationEnabled', 'getDealership',
  'listManufacturers', 'listManufacturerModels',
  'uploadUsedInventory', 'listUsedCars', 'getUsedCar', 'uploadNewInventory', 'listNewCars', 'getNewCar', 'searchCars', 'translateQuery', 'deleteNewInventory',
  'engageContact', 'recordInboundMessage', 'listConversations', 'getConversation', 'listChats', 'getChat',
  'listAssistantTasks', 'executeAssistantTask', 'getAssistantCapabilities',
  'sendAssistantMessage', 'getAssistantRun', 'listAssistantThreads', 'listAssistantThreadMessages',
  'listAssistantRunEvents', 'streamAssistantRunEvents', 'cancelAssistantRun',
];

const DOCUMENT = path.resolve(__dirname, '../../libs/client/openapi.json');
const PARTNER_SECRET = 'client-partner-secret';
const ENGINE_SECRET = 'client-engine-secret';
const TERMINAL = ['completed', 'failed', 'cancelled', 'expired'];

const hmac = (raw: string, secret: string) => createHmac('sha256', secret).update(raw).digest('hex');

/**
 * The client sends a JSON body as `JSON.stringify(body)` (openapi-fetch's default serializer), so
 * a signature over those bytes is a signature over the request body.
 */
const signed = <T>(body: T, header: string, secret: string) => ({ body, headers: { [header]: hmac(JSON.stringify(body), secret) } });

/**
 * The document types a `format: binary` form field as a string (openapi-typescript's reading of
 * it): the tests pass the file's text there and send it as a file part of multipart/form-data.
 */
const asFilePart = (filename: string, type: string) => (body: { File: string; Delimeter?: string }): FormData => {
  const form = new FormData();
  form.append('File', new Blob([body.File], { type }), filename);
  if (body.Delimeter !== undefined) form.append('Delimeter', body.Delimeter);
  return form;
};

/** Frames of a text/event-stream body (comment-only blocks left out). */
function sseFrames(text: string): { id: string; event: string; data: string }[] {
  return text.split('\n\n').filter((block) => block.trim() && !block.split('\n').every((l) => l.startsWith(':'))).map((block) => {
    const lines = block.split('\n');
    const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
    return { id: field('id'), event: field('event'), data: field('data') };
  });
}

const tested = new Map<string, OperationId[]>();

describe('The typed client tests', () => {
  it('cover every operation of libs/client/openapi.json, one test each', () => {
    const document = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const documented = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId ?? '(no operationId)'));
    expect([...OPERATIONS].sort()).toEqual([...documented].sort());
    for (const [backend, names] of tested) expect([backend, names]).toEqual([backend, OPERATIONS]);
  });
});

describeEachBackend('The typed client against the running app', (backend) => {
  let t: TestApp;
  let baseUrl: string;
  let dealer: DealerFixture;
  let api: ReturnType<typeof createDealerApiClient>;
  let partnerApi: ReturnType<typeof createDealerApiClient>;

  const names: OperationId[] = [];
  tested.set(backend.name, names);
  /** One test per operation, named after its operationId. */
  const operation = (name: OperationId, fn: () => Promise<void>) => {
    names.push(name);
    it(name, fn);
  };

  // What the tests hand on to later ones.
  const usedVins = [vin(1), vin(2), vin(3)];
  const newVins = [vin(1, '5UXNFJL2'), vin(2, '5UXNFJL2')];
  const retailerName = `Client Motors ${randomBytes(3).toString('hex')}`;
  const phone = '+14165550142';
  let manufacturerId: string;
  let conversationId: string;
  let threadId: string;
  let runId: string;

  beforeAll(async () => {
    t = await startTestApp(backend, {
      PARTNER_SIGNING_SECRETS: PARTNER_SECRET,
      MESSAGING_ENGINE_SECRET: ENGINE_SECRET,
      // A model that takes a few ms per word, so a run is still active when it is cancelled.
      ASSISTANT_STREAM_DELAY_MS: '25',
    });
    ({ baseUrl } = await listenOnFreePort(t));
    dealer = await createDealer(t, { name: retailerName, region: 'CA' });
    api = createDealerApiClient(baseUrl, dealer);
    partnerApi = createDealerApiClient(baseUrl, await createPartner(t, undefined, ['credit-application', 'messaging']));
    // The catalog is loaded by an operator (`npm run cli -- catalog import`): the same use case, in-process.
    await importCatalog(t);
  });
  afterAll(() => t.close());

  // --- health (public) ---

  operation('getLiveness', async () => {
    const { data, response } = await createDealerApiClient(baseUrl, { username: '', password: '' }).GET('/health/live');
    expect(response.status).toBe(200);
    expect(data?.status).toBe('ok');
    expect(data?.details.process.status).toBe('up');
  });

  operation('getReadiness', async () => {
    const { data, response } = await api.GET('/health/ready');
    expect(response.status).toBe(200);
    expect(data?.status).toBe('ok');
    expect([data?.details.database.status, data?.details.queue.status]).toEqual(['up', 'up']);
  });

  // --- partner webhook, dealership ---

  operation('partnerIntegrationEnabled', async () => {
    const { data, error, response } = await partnerApi.POST('/api/v1/webhooks/partner/integration-enabled', {
      params: { query: { 'api-version': '1' } },
      ...signed({ retailerName, subscriptionId: 'sub_client_1' }, 'X-Partner-Signature', PARTNER_SECRET),
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(204);
    expect(data).toBeUndefined();
  });

  operation('getDealership', async () => {
    const { data, response } = await api.GET('/api/v1/dealership');
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: dealer.dealerId, name: retailerName, region: 'CA' });
    // Recorded by the partner's notification above.
    expect(data!.integration_configs).toEqual([{ key: 'partner-credit-application', subscription_id: 'sub_client_1' }]);
  });

  // --- catalog ---

  operation('listManufacturers', async () => {
    const { data, response } = await api.GET('/api/v1/manufacturer', { params: { query: { Skip: 0, Take: 50 } } });
    expect(response.status).toBe(200);
    expect(data!.rows).toContainEqual({ id: 'toyota', name: 'Toyota' });
    expect(data!.row_count).toBe(data!.rows.length);
    expect(data!.total_row_count).toBeGreaterThanOrEqual(data!.row_count);
    manufacturerId = data!.rows.find((m) => m.name === 'Toyota')!.id;
  });

  operation('listManufacturerModels', async () => {
    const { data, response } = await api.GET('/api/v1/manufacturer/{manufacturerId}/models', {
      params: { path: { manufacturerId }, query: { region: 'CA', Take: 100 } },
    });
    expect(response.status).toBe(200);
    const camry = data!.rows.find((m) => m.id === 'toyota-camry-2025');
    expect(camry).toMatchObject({ manufacturer_id: 'toyota', model: 'Camry', year: 2025, region: 'CA', can_test_drive: true });
    expect(camry!.trims.map((trim) => trim.trim)).toEqual(expect.arrayContaining(['LE']));
    expect(data!.rows.every((m) => m.manufacturer_id === 'toyota')).toBe(true);
  });

  // --- inventory and search ---

  operation('uploadUsedInventory', async () => {
    const rows: (string | number)[][] = [['vin', 'stock_number', 'year', 'manufacturer', 'model', 'trim', 'price', 'kilometers', 'color']];
    usedVins.forEach((v, i) => rows.push([v, `U${i + 1}`, 2019 + i, 'Toyota', 'Corolla', 'LE', 15000 + i * 1000, 40000 - i * 10000, 'Blue']));
    const { data, response } = await api.PUT('/api/v1/inventory/used', {
      body: { File: csv(rows, { delimiter: ';' }), Delimeter: ';' },
      bodySerializer: asFilePart('inventory.csv', 'text/csv'),
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ num_deletes: 0, num_failed_deletes: 0, num_inserts: 3, num_failed_inserts: 0, delete_errors: [], insert_errors: [] });
  });

  operation('listUsedCars', async () => {
    const { data, response } = await api.GET('/api/v1/inventory/used', { params: { query: { Skip: 0, Take: 10 } } });
    expect(response.status).toBe(200);
    expect(data!.total_row_count).toBe(3);
    expect(data!.rows.map((car) => car.vin).sort()).toEqual([...usedVins].sort());
  });

  operation('getUsedCar', async () => {
    const { data, response } = await api.GET('/api/v1/inventory/used/{vin}', { params: { path: { vin: usedVins[1] } } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ vin: usedVins[1], stock_number: 'U2', year: 2020, manufacturer: 'Toyota', model: 'Corolla', price: 16000, dealer_id: dealer.dealerId });
  });

  operation('uploadNewInventory', async () => {
    const cars = newVins.map((v, i) => ({ vin: v, stock_number: `N${i + 1}`, year: 2026, manufacturer: 'BMW', model: 'X5', trim: 'xDrive40i', type: 'SUV', condition: 'new', price: 78595 + i }));
    const { data, response } = await api.PUT('/api/v1/inventory/new/json', {
      body: { File: JSON.stringify(cars) },
      bodySerializer: asFilePart('inventory.json', 'application/json'),
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ num_deletes: 0, num_failed_deletes: 0, num_inserts: 2, num_failed_inserts: 0, delete_errors: [], insert_errors: [] });
  });

  operation('listNewCars', async () => {
    const { data, response } = await api.GET('/api/v1/inventory/new', { params: { query: { Skip: 1, Take: 10 } } });
    expect(response.status).toBe(200);
    expect(data!.total_row_count).toBe(2);
    expect(data!.rows.map((car) => car.vin)).toEqual([newVins[1]]);
  });

  operation('getNewCar', async () => {
    const { data, response } = await api.GET('/api/v1/inventory/new/{vin}', { params: { path: { vin: newVins[0] } } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ vin: newVins[0], condition: 'new', model: 'X5', type: 'SUV', price: 78595, dealer_id: dealer.dealerId });
    // A dry run of the upload answers the same result and changes nothing.
    const dry = await api.PUT('/api/v1/inventory/new/json', {
      params: { query: { dryRun: true } },
      body: { File: '[]' },
      bodySerializer: asFilePart('inventory.json', 'application/json'),
    });
    expect(dry.data).toMatchObject({ num_deletes: 2, num_inserts: 0 });
  });

  operation('searchCars', async () => {
    const used = await api.POST('/api/v1/search', { body: { query: 'toyota corolla', take: 10 } });
    expect(used.response.status).toBe(200);
    expect(used.data!.rows.map((row) => row.vin).sort()).toEqual([...usedVins].sort());
    expect(used.data!.rows.every((row) => row.condition === 'used' && row.manufacturer === 'Toyota')).toBe(true);
    const fresh = await api.POST('/api/v1/search', { body: { query: 'new bmw x5' } });
    expect(fresh.data!.rows.map((row) => row.vin).sort()).toEqual([...newVins].sort());
    expect(fresh.data!.total_row_count).toBe(2);
  });

  operation('translateQuery', async () => {
    const { data, response } = await api.POST('/api/v1/search/translate', { body: { query: 'red toyota under 30k' } });
    expect(response.status).toBe(200);
    expect(data!.operator).toBe('and');
    expect(data!.arguments).toEqual(expect.arrayContaining([
      { comparator: 'eq', attribute: 'manufacturer', value: 'Toyota', operator: null, arguments: [] },
      { comparator: 'eq', attribute: 'color', value: 'Red', operator: null, arguments: [] },
    ]));
  });

  operation('deleteNewInventory', async () => {
    const { data, response } = await api.DELETE('/api/v1/inventory/new');
    expect(response.status).toBe(200);
    expect(data!.has_error).toBe(false);
    expect(data!.rows.map((row) => row.id).sort()).toEqual([...newVins].sort());
    const after = await api.POST('/api/v1/search', { body: { query: 'new bmw x5' } });
    expect(after.data!.total_row_count).toBe(0);
  });

  // --- engagement and conversations ---

  operation('engageContact', async () => {
    const { data, error, response } = await api.POST('/api/v1/ailm/engage', {
      params: { header: { 'Idempotency-Key': `client-${randomBytes(4).toString('hex')}` } },
      body: { contact: { full_name: 'Ana Ruiz', phone }, message: 'Hi Ana, your Corolla is ready for pickup.' },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(202);
    expect(data).toBeUndefined();
  });

  operation('recordInboundMessage', async () => {
    const { data, response } = await partnerApi.POST('/api/v1/messaging/inbound', {
      ...signed({ dealer_id: dealer.dealerId, channel: 'sms', from: phone, text: 'Thanks! On my way.', external_id: 'client-SM-1' }, 'X-Messaging-Signature', ENGINE_SECRET),
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ conversation_id: expect.any(String), message_id: expect.any(String), duplicate: false });
    conversationId = data!.conversation_id;
  });

  operation('listConversations', async () => {
    const { data, response } = await api.GET('/api/v1/conversation', { params: { query: { Take: 10, Skip: 0, Channel: 'sms', SortOrder: 'desc' } } });
    expect(response.status).toBe(200);
    expect(data!.total_row_count).toBe(1);
    expect(data!.rows[0]).toMatchObject({
      conversation_id: conversationId, dealer_id: dealer.dealerId, channel: 'sms', status: 'Active', message_count: 2,
      contact_info: { full_name: 'Ana Ruiz', phone },
    });
  });

  operation('getConversation', async () => {
    const { data, response } = await api.GET('/api/v1/conversation/{conversationId}', { params: { path: { conversationId }, query: { includeMessages: true } } });
    expect(response.status).toBe(200);
    expect(data!.conversation_id).toBe(conversationId);
    expect(data!.messages.map((m) => [m.role, m.text])).toEqual([['agent', 'Hi Ana, your Corolla is ready for pickup.'], ['user', 'Thanks! On my way.']]);
  });

  operation('listChats', async () => {
    const { data, response } = await api.GET('/api/v1/chats/chats', { params: { query: { Take: 10, Status: 'Active' } } });
    expect(response.status).toBe(200);
    expect(data!.rows.map((c) => c.conversation_id)).toEqual([conversationId]);
    expect(data!.rows[0].message_count).toBe(2);
  });

  operation('getChat', async () => {
    const { data, response } = await api.GET('/api/v1/chats/chats/{conversationId}', { params: { path: { conversationId }, query: { includeMessages: true } } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ conversation_id: conversationId, channel: 'sms', message_count: 2 });
    expect(data!.messages.map((m) => m.text)).toEqual(['Hi Ana, your Corolla is ready for pickup.', 'Thanks! On my way.']);
  });

  // --- assistant: tasks and capabilities ---

  operation('listAssistantTasks', async () => {
    const { data, response } = await api.GET('/api/v1/assistant/predefined-tasks');
    expect(response.status).toBe(200);
    const tasks = data!;
    expect(tasks.map((task) => task.task_key)).toEqual(expect.arrayContaining(['inventory_summary', 'price_position']));
    expect(tasks.find((task) => task.task_key === 'price_position')!.parameters).toContainEqual(expect.objectContaining({ name: 'vin', required: true }));
  });

  operation('executeAssistantTask', async () => {
    const { data, response } = await api.POST('/api/v1/assistant/predefined-tasks/{taskKey}/execute', {
      params: { path: { taskKey: 'price_position' } },
      body: { parameters: { vin: usedVins[2] } },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ task_key: 'price_position', dealer_id: dealer.dealerId, status: 'completed' });
    expect(data!.output).toContain('2 similar cars in stock priced $15,000 to $16,000');
  });

  operation('getAssistantCapabilities', async () => {
    const { data, response } = await api.GET('/api/v1/assistant/capabilities');
    expect(response.status).toBe(200);
    const capabilities = data!;
    expect(capabilities.model).toEqual({ provider: 'built-in', name: 'dealer-api-offline' });
    expect(capabilities.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['search_inventory', 'get_vehicle']));
    expect(capabilities.data_sources).toEqual(expect.arrayContaining(['inventory', 'dealership', 'conversations']));
    expect(capabilities.predefined_task_categories).toEqual(expect.arrayContaining(['inventory', 'finance']));
  });

  // --- assistant: a run, its thread, messages and events; then a cancelled one ---

  operation('sendAssistantMessage', async () => {
    const { data, response } = await api.POST('/api/v1/assistant/threads/message', { body: { message: 'What is the cheapest Toyota Corolla you have?' } });
    expect(response.status).toBe(202);
    expect(data).toEqual({ thread_id: expect.any(String), run_id: expect.any(String), thread_status: 'busy', run_status: 'queued', run_outcome: null, run_outcome_code: null });
    threadId = data!.thread_id;
    runId = data!.run_id;
  });

  operation('getAssistantRun', async () => {
    const run = await eventually(async () => {
      const { data, response } = await api.GET('/api/v1/assistant/threads/{threadId}/runs/{runId}', { params: { path: { threadId, runId } } });
      expect(response.status).toBe(200);
      return TERMINAL.includes(data!.status) ? data : undefined;
    }, `run ${runId} to end`, { timeoutMs: 20_000, intervalMs: 20 });
    expect(run).toMatchObject({ run_id: runId, thread_id: threadId, dealer_id: dealer.dealerId, status: 'completed', outcome: 'answered', last_error: null });
    expect(run.completed_date).toEqual(expect.any(String));
  });

  operation('listAssistantThreads', async () => {
    const { data, response } = await api.GET('/api/v1/assistant/threads', { params: { query: { take: 5 } } });
    expect(response.status).toBe(200);
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ thread_id: threadId, status: 'idle', latest_run_id: runId, title: 'What is the cheapest Toyota Corolla you have?' });
  });

  operation('listAssistantThreadMessages', async () => {
    const { data, response } = await api.GET('/api/v1/assistant/threads/{threadId}/messages', { params: { path: { threadId }, query: { take: 10 } } });
    expect(response.status).toBe(200);
    expect(data!.map((m) => [m.role, m.run_id])).toEqual([['user', runId], ['assistant', runId]]);
    expect(data![1].content).toContain(`VIN ${usedVins[0]}`);
    expect(data![1].content).toContain('$15,000');
  });

  operation('listAssistantRunEvents', async () => {
    const { data, response } = await api.GET('/api/v1/assistant/threads/{threadId}/runs/{runId}/events', { params: { path: { threadId, runId }, query: { Cursor: 1, Take: 500 } } });
    expect(response.status).toBe(200);
    const events = data!.events;
    expect(data!.cursor).toBe(1);
    expect(data!.next_cursor).toBe(events.length + 1);
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
    expect(events[0].type).toBe('run.queued');
    expect(events.map((e) => e.type)).toContain('tool.call');
    expect(events[events.length - 1].type).toBe('run.completed');
  });

  operation('streamAssistantRunEvents', async () => {
    const { data, response } = await api.GET('/api/v1/assistant/threads/{threadId}/runs/{runId}/events/stream', {
      params: { path: { threadId, runId }, header: { 'Last-Event-ID': '1' } },
      parseAs: 'text',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(data).toMatch(/^event: /m);
    const frames = sseFrames(data!);
    // Resumed after event 1: from 2 to the terminal event, where the server ends the stream.
    expect(frames[0]).toMatchObject({ id: '2', event: 'run.started' });
    expect(frames[frames.length - 1].event).toBe('run.completed');
    expect(frames.map((f) => Number(f.id))).toEqual(frames.map((_, i) => i + 2));
    expect(JSON.parse(frames[frames.length - 1].data)).toMatchObject({ sequence: frames.length + 1, type: 'run.completed' });
  });

  operation('cancelAssistantRun', async () => {
    const sent = await api.POST('/api/v1/assistant/threads/message', {
      body: { message: 'List the Toyota Corolla cars you have with their prices and mileage please', thread_id: threadId },
    });
    expect(sent.response.status).toBe(202);
    const { data, response } = await api.POST('/api/v1/assistant/threads/{threadId}/runs/cancel', { params: { path: { threadId } } });
    expect(response.status).toBe(202);
    expect(data).toMatchObject({ run_id: sent.data!.run_id, thread_id: threadId });
    expect(['cancelling', 'cancelled']).toContain(data!.status);
    const run = await eventually(async () => {
      const got = await api.GET('/api/v1/assistant/threads/{threadId}/runs/{runId}', { params: { path: { threadId, runId: sent.data!.run_id } } });
      return TERMINAL.includes(got.data!.status) ? got.data : undefined;
    }, 'the cancelled run to end', { timeoutMs: 20_000, intervalMs: 20 });
    expect(run).toMatchObject({ status: 'cancelled', outcome_code: 'cancelled_by_user' });
  });
});
