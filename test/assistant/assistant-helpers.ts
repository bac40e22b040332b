import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { eventually } from '../support/eventually';
import { DealerFixture, TestApp } from '../support/test-app';
import { csv, uploadCsv, vin } from '../inventory/inventory-fixtures';

const TERMINAL = ['completed', 'failed', 'cancelled', 'expired'];

export interface SentMessage {
  thread_id: string;
  run_id: string;
}

export async function send(t: TestApp, dealer: DealerFixture, message: string, threadId?: string): Promise<SentMessage> {
  const res = await t.http().post('/api/v1/assistant/threads/message').set('Authorization', dealer.auth)
    .send({ message, ...(threadId ? { thread_id: threadId } : {}) }).expect(202);
  return res.body as SentMessage;
}

export async function getRun(t: TestApp, dealer: DealerFixture, sent: SentMessage): Promise<Record<string, unknown>> {
  return (await t.http().get(`/api/v1/assistant/threads/${sent.thread_id}/runs/${sent.run_id}`).set('Authorization', dealer.auth).expect(200)).body;
}

export function waitForRun(t: TestApp, dealer: DealerFixture, sent: SentMessage, statuses = TERMINAL, timeoutMs = 20_000): Promise<Record<string, unknown>> {
  return eventually(async () => {
    const run = await getRun(t, dealer, sent);
    return statuses.includes(run.status as string) ? run : undefined;
  }, `run ${sent.run_id} to reach ${statuses.join('|')}`, { timeoutMs, intervalMs: 20 });
}

export interface EventRow {
  sequence: number;
  type: string;
  summary: string;
  payload_json: string;
}

export async function allEvents(t: TestApp, dealer: DealerFixture, sent: SentMessage): Promise<EventRow[]> {
  const res = await t.http().get(`/api/v1/assistant/threads/${sent.thread_id}/runs/${sent.run_id}/events`).query({ Cursor: 1, Take: 500 })
    .set('Authorization', dealer.auth).expect(200);
  return res.body.events as EventRow[];
}

export async function reply(t: TestApp, dealer: DealerFixture, sent: SentMessage): Promise<Record<string, unknown> | undefined> {
  const res = await t.http().get(`/api/v1/assistant/threads/${sent.thread_id}/messages`).set('Authorization', dealer.auth).expect(200);
  return (res.body as Record<string, unknown>[]).find((m) => m.run_id === sent.run_id && m.role === 'assistant');
}

export interface SseFrame {
  id: number;
  event: string;
  data: EventRow;
}

/** Opens the run's event stream over a real socket; resolves with its frames and comments when the server ends it. */
export function openStream(t: TestApp, dealer: DealerFixture, sent: SentMessage, headers: Record<string, string> = {}): { done: Promise<{ status: number; contentType: string; frames: SseFrame[]; comments: string[] }> } {
  // A server of its own over the app's handler: supertest listens and closes the app's server per request.
  const server = http.createServer(t.app.getHttpAdapter().getInstance() as http.RequestListener);
  const done = new Promise<{ status: number; contentType: string; frames: SseFrame[]; comments: string[] }>((resolve, reject) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const req = http.get({
        host: '127.0.0.1', port, path: `/api/v1/assistant/threads/${sent.thread_id}/runs/${sent.run_id}/events/stream`,
        headers: { Authorization: dealer.auth, Accept: 'text/event-stream', ...headers },
      }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          const frames: SseFrame[] = [];
          const comments: string[] = [];
          for (const block of body.split('\n\n').filter(Boolean)) {
            const lines = block.split('\n');
            if (lines.every((l) => l.startsWith(':'))) {
              comments.push(...lines);
              continue;
            }
            const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
            frames.push({ id: Number(field('id')), event: field('event'), data: JSON.parse(field('data')) as EventRow });
          }
          resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), frames, comments });
        });
      });
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error('the stream did not end')));
    });
  }).finally(() => server.close());
  return { done };
}

/** Three used cars per dealership, priced apart: VINs vin(base)..vin(base + 2). */
export async function stockCars(t: TestApp, dealer: DealerFixture, base: number, make = 'Honda', model = 'Civic'): Promise<string[]> {
  const rows: (string | number)[][] = [['vin', 'year', 'manufacturer', 'model', 'trim', 'price', 'kilometers', 'color']];
  for (let i = 0; i < 3; i++) rows.push([vin(base + i), 2019 + i, make, model, 'EX', 15000 + i * 1000, 40000 - i * 10000, 'Blue']);
  await uploadCsv(t, dealer.auth, csv(rows)).expect(200);
  return rows.slice(1).map((r) => String(r[0]));
}
