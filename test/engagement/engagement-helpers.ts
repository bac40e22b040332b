import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { Message } from '../../src/modules/conversations/domain/conversation';
import { ConversationRepository } from '../../src/modules/conversations/domain/conversation.repository';
import { eventually } from '../support/eventually';
import { DealerFixture, TestApp } from '../support/test-app';

/** Polls until `check` returns a value (not undefined) or the deadline passes. */
export const waitFor = <T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 15000): Promise<T> => eventually(check, what, { timeoutMs, intervalMs: 25 });

/** The dealership's conversations through the API (all of them, archived included). */
export async function listConversations(t: TestApp, dealer: DealerFixture) {
  const res = await t.http().get('/api/v1/conversation').query({ Take: '100', IncludeIsArchived: 'true' }).set('Authorization', dealer.auth).expect(200);
  return res.body.rows as { conversation_id: string; channel: string; message_count: number; contact_info: Record<string, string | null>; status: string; last_online_date_time: string | null; last_modified_date: string }[];
}

/** Stored messages with their delivery records (the wire shape does not carry delivery). */
export function storedMessages(t: TestApp, dealer: DealerFixture, conversationId: string): Promise<Message[]> {
  return t.app.get(ConversationRepository).listMessages(dealer.dealerId, conversationId, { excludeDebug: false });
}

/** Waits for the delivery of the only outbound message of the conversation to reach `sent` or `failed`. */
export function waitForDeliveryOutcome(t: TestApp, dealer: DealerFixture, conversationId: string): Promise<Message> {
  return waitFor(async () => {
    const [message] = (await storedMessages(t, dealer, conversationId)).filter((m) => m.delivery);
    return message && (message.delivery!.status === 'sent' || message.delivery!.status === 'failed') ? message : undefined;
  }, 'the delivery outcome');
}

export interface RecordedRequest {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A local stand-in for the messaging engine: answers each POST with the status `respond` picks (after `delayMs`). */
export async function startEngineServer(
  respond: (n: number, req: RecordedRequest) => number, delayMs = 0,
): Promise<{ url: string; requests: RecordedRequest[]; close: () => Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      const status = respond(requests.length, recorded);
      const answer = () => res.writeHead(status, { 'Content-Type': 'application/json' }).end(status < 300 ? JSON.stringify({ id: `engine-${requests.length}` }) : JSON.stringify({ error: 'engine says no' }));
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/messages`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

export interface Delivery {
  messageId: string;
  idempotencyKey: string | undefined;
  email: string | null;
}

/** What the recording engine was asked to send, one entry per call. */
export function deliveriesOf(requests: RecordedRequest[]): Delivery[] {
  return requests.map((r) => {
    const body = JSON.parse(r.body.toString()) as { message_id: string; to: { email: string | null } };
    return { messageId: body.message_id, idempotencyKey: r.headers['idempotency-key'] as string | undefined, email: body.to.email };
  });
}

/** POST /ailm/engage of an email message to `email` on a server at `baseUrl` (a child process of the built service). */
export function engageOverHttp(baseUrl: string, auth: string, email: string, key?: string): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/ailm/engage`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify({ contact: { full_name: 'Outbox Test', email }, message: `Hello ${email}`, channel: 'email', subject: 'Hi' }),
    signal: AbortSignal.timeout(10_000),
  });
}
