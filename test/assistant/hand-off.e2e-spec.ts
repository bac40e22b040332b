import { createHmac } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { UnitOfWork } from '../../libs/common/persistence/unit-of-work';
import { ConfigureDealerUseCase } from '../../src/modules/dealership';
import { HandOffLeadUseCase } from '../../src/modules/engagement';
import { adfProblems } from '../support/adf';
import { configuredBackends, describeEachBackend } from '../support/backends';
import { eventually } from '../support/eventually';
import { createDealerWithCli, Deployment, freshStore } from '../support/service-processes';
import { TcpProxy } from '../support/tcp-proxy';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { RecordedRequest, startEngineServer } from '../engagement/engagement-helpers';
import { ReceivedMail, startFakeSmtpServer } from '../engagement/fake-smtp-server';
import { csv, vin } from '../inventory/inventory-fixtures';
import { getRun, reply, send, stockCars, waitForRun } from './assistant-helpers';

/**
 * A hand-off reaches people (decisions.md section 9): a deal request ends `handed_off` and its lead
 * goes, through engagement's outbox, to each destination the profile names: the ADF 1.0 email and
 * the HTML email through the messaging engine (SMTP to a sink here) and the signed chat
 * notification (to an HTTP sink here), each with its delivery status on the run. A profile with no
 * destination gets the sales contact in the reply instead. The lead survives a kill -9 between the
 * run's end and its delivery, and arrives once.
 */
const SECRET = 'hand-off-secret';
const CRM = 'crm@leads.example';
const SALES = 'sales@leads.example';

/** A mail's body as sent (quoted-printable soft breaks and escapes undone). */
function decoded(mail: ReceivedMail): string {
  return mail.data.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function adfOf(mail: ReceivedMail): string {
  const body = decoded(mail);
  return body.slice(body.indexOf('<?xml'), body.indexOf('</adf>') + '</adf>'.length);
}

const mailTo = (mails: ReceivedMail[], address: string) => mails.filter((m) => m.to.some((line) => line.includes(address)));

function leadProfile(chatUrl: string) {
  return {
    phone_num: [{ name: 'Sales', value: '+16045550100' }],
    appointment_settings: {
      lead_generation_settings: { is_adf_email: true, adf_email_to_emails: [CRM], is_html_email: true, html_email_to_emails: [SALES] },
    },
    portal_chat_settings: { receive_notifications: true, chat_notification_url: chatUrl },
  };
}

function verifyChat(request: RecordedRequest): Record<string, unknown> {
  const expected = `sha256=${createHmac('sha256', SECRET).update(request.body).digest('hex')}`;
  expect(request.headers['x-messaging-signature']).toBe(expected);
  return JSON.parse(request.body.toString()) as Record<string, unknown>;
}

describeEachBackend('Assistant hand-off leads', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  let chat: Awaited<ReturnType<typeof startEngineServer>>;
  let dealer: DealerFixture;
  let vins: string[];

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    chat = await startEngineServer(() => 200);
    t = await startTestApp(backend, {
      MESSAGING_ENGINE: 'smtp', SMTP_URL: smtp.url, MESSAGING_ENGINE_SECRET: SECRET, ALLOW_HTTP_NOTIFICATIONS: 'true', MESSAGING_DELIVERY_BACKOFF_MS: '100',
    });
    dealer = await createDealer(t, { region: 'CA' });
    await t.app.get(ConfigureDealerUseCase).execute(dealer.dealerId, leadProfile(chat.url));
    vins = await stockCars(t, dealer, 700);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await chat?.close();
  });

  it('passes a deal request to every destination of the profile, says so, and shows each delivery on the run', async () => {
    const sent = await send(t, dealer, `Would you take $14,000 for ${vins[1]}? Reach me at ana.ruiz@example.com`);
    const run = await waitForRun(t, dealer, sent);
    expect(run).toMatchObject({ status: 'completed', outcome: 'handed_off', outcome_code: 'deal_request' });
    const answer = (await reply(t, dealer, sent))!.content as string;
    expect(answer).toContain("I've passed your request to our sales team");
    // The listed price of the named car, not the customer's figure.
    expect(answer).toContain(`(VIN ${vins[1]}), listed at $16,000`);
    expect(answer).not.toContain('14,000');

    const delivered = await eventually(async () => {
      const handoff = (await getRun(t, dealer, sent)).handoff as { status: string; destinations: Record<string, unknown>[] };
      return handoff.status === 'sent' ? handoff : undefined;
    }, 'the lead delivered to every destination');
    expect(delivered.destinations).toEqual([
      { kind: 'adf_email', to: CRM, delivery_status: 'sent', delivery_error: null },
      { kind: 'html_email', to: SALES, delivery_status: 'sent', delivery_error: null },
      { kind: 'chat_notification', to: chat.url, delivery_status: 'sent', delivery_error: null },
    ]);

    const [adf] = mailTo(smtp.mails, CRM);
    expect(adfProblems(adfOf(adf))).toEqual([]);
    expect(adfOf(adf)).toContain(`<vin>${vins[1]}</vin>`);
    expect(adfOf(adf)).toContain('<price type="asking" currency="CAD">16000</price>');
    expect(adfOf(adf)).toContain('<email>ana.ruiz@example.com</email>');
    const [html] = mailTo(smtp.mails, SALES);
    expect(decoded(html)).toMatch(/Content-Type: text\/html/i);
    expect(decoded(html)).toContain('listed at $16,000');
    expect(chat.requests).toHaveLength(1);
    expect(verifyChat(chat.requests[0])).toMatchObject({
      type: 'assistant.hand_off', run_id: sent.run_id, thread_id: sent.thread_id, vehicles: [{ vin: vins[1], listed_price: 16000 }], customer: { email: 'ana.ruiz@example.com' },
    });
  });

  it('records one lead per run however often it is handed off', async () => {
    const sent = await send(t, dealer, `Any discount on ${vins[0]}?`);
    expect(await waitForRun(t, dealer, sent)).toMatchObject({ outcome: 'handed_off' });
    const lead = {
      dealerId: dealer.dealerId, key: sent.run_id, threadId: sent.thread_id, requestedAt: new Date(), request: 'again', interest: 'buy' as const,
      prospect: { fullName: null, email: null, phone: null }, vehicles: [],
    };
    const again = await t.app.get(UnitOfWork).run(() => t.app.get(HandOffLeadUseCase).record(lead));
    expect(again.map((d) => d.kind)).toEqual(['adf_email', 'html_email', 'chat_notification']);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM lead_notifications WHERE lead_key = ?', [sent.run_id]) as { n: number }[];
    expect(Number(n)).toBe(3);
  });

  it("gives the sales contact instead when the profile names no destination, and claims no hand-off", async () => {
    const bare = await createDealer(t);
    await t.app.get(ConfigureDealerUseCase).execute(bare.dealerId, { phone_num: [{ name: 'Sales', value: '+16045550123' }], email_address: [{ name: 'Sales', value: 'deals@bare.example' }] });
    const cars = await stockCars(t, bare, 720);
    const sent = await send(t, bare, `What's the lowest you'd go on ${cars[2]}?`);
    const run = await waitForRun(t, bare, sent);
    expect(run).toMatchObject({ outcome: 'handed_off', handoff: { status: 'no_destination', destinations: [] } });
    const answer = (await reply(t, bare, sent))!.content as string;
    expect(answer).not.toMatch(/passed your request/);
    expect(answer).toContain('+16045550123');
    expect(answer).toContain('deals@bare.example');
    expect(answer).toContain('listed at $17,000');
  });

  it("hands a trade-in ask off as one, without passing the dealership's own cars off as the customer's", async () => {
    const sent = await send(t, dealer, 'What would you give me for my 2019 Honda Civic? It has 40k km.');
    expect(await waitForRun(t, dealer, sent)).toMatchObject({ outcome: 'handed_off', outcome_code: 'trade_in_request' });
    const answer = (await reply(t, dealer, sent))!.content as string;
    expect(answer).toMatch(/can't appraise a trade-in/);
    expect(answer).not.toMatch(/listed at|VIN/);
    const adf = await eventually(async () => {
      const mails = mailTo(smtp.mails, CRM).map(adfOf).filter((x) => x.includes(sent.run_id));
      return mails.length === 1 ? mails[0] : undefined;
    }, 'the trade-in lead');
    expect(adfProblems(adf)).toEqual([]);
    expect(adf).toContain('<vehicle interest="trade-in" status="used">');
    expect(adf).not.toContain('<vin>');
  });

  it("shows no hand-off on an answered run, and never another dealership's lead", async () => {
    const sent = await send(t, dealer, 'How many cars do you have?');
    expect(await waitForRun(t, dealer, sent)).toMatchObject({ outcome: 'answered', handoff: null });
    const other = await createDealer(t);
    const theirs = await send(t, dealer, `Can you do better on the price of ${vins[2]}?`);
    await waitForRun(t, dealer, theirs);
    await t.http().get(`/api/v1/assistant/threads/${theirs.thread_id}/runs/${theirs.run_id}`).set('Authorization', other.auth).expect(404);
  });
});

/** `dealer configure` with the built CLI against a deployment's database. */
function configureWithCli(env: Record<string, string>, dealerId: string, profile: unknown): void {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hand-off-')), 'profile.json');
  fs.writeFileSync(file, JSON.stringify(profile));
  const done = spawnSync(process.execPath, [path.resolve(__dirname, '../../dist/src/cli.js'), 'dealer', 'configure', '--id', dealerId, '--file', file], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env }, encoding: 'utf8',
  });
  if (done.status !== 0) throw new Error(`dealer configure failed: ${done.stderr}`);
}

for (const backend of configuredBackends()) {
  const scaledOut = Boolean(backend.mysqlUrl && backend.redisUrl);
  describe(`A hand-off lead across a kill -9 [${backend.name}, ${scaledOut ? 'two APIs, two workers' : 'one process'}]`, () => {
    it('is delivered once to each destination after the process that ended the run is killed before handing it over', async () => {
      const store = await freshStore(backend);
      const smtp = await startFakeSmtpServer();
      const chat = await startEngineServer(() => 200);
      // Both sinks behind proxies cut until the kill: nothing can be delivered before it.
      const smtpPort = Number(new URL(smtp.url).port);
      const chatUrl = new URL(chat.url);
      const smtpProxy = await TcpProxy.start('127.0.0.1', smtpPort);
      const chatProxy = await TcpProxy.start('127.0.0.1', Number(chatUrl.port));
      smtpProxy.cut();
      chatProxy.cut();
      let service: Deployment | null = null;
      try {
        const env = {
          ...store.env, MESSAGING_ENGINE: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtpProxy.port}`, MESSAGING_ENGINE_SECRET: SECRET,
          ALLOW_HTTP_NOTIFICATIONS: 'true', MESSAGING_DELIVERY_BACKOFF_MS: '100', MESSAGING_DELIVERY_ATTEMPTS: '25', MESSAGING_ENGINE_TIMEOUT_MS: '1000',
        };
        service = await Deployment.start(env, scaledOut);
        const dealer = await createDealerWithCli(env);
        configureWithCli(env, dealer.dealerId, leadProfile(`http://127.0.0.1:${chatProxy.port}${chatUrl.pathname}`));
        const form = new FormData();
        const rows = [['vin', 'year', 'manufacturer', 'model', 'trim', 'price', 'kilometers', 'color'], [vin(900), 2022, 'Toyota', 'RAV4', 'XLE', 31500, 20000, 'White']];
        form.append('File', new Blob([csv(rows)], { type: 'text/csv' }), 'cars.csv');
        const upload = await fetch(`${service.api(0).url}/api/v1/inventory/used`, { method: 'PUT', headers: { Authorization: dealer.auth }, body: form });
        expect(upload.status).toBe(200);

        const sent = await (await fetch(`${service.api(0).url}/api/v1/assistant/threads/message`, {
          method: 'POST', headers: { Authorization: dealer.auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ message: `Is there any wiggle room on ${vin(900)}?` }),
        })).json() as { thread_id: string; run_id: string };
        const runUrl = `/api/v1/assistant/threads/${sent.thread_id}/runs/${sent.run_id}`;
        const run = await eventually(async () => {
          const body = await (await fetch(`${service!.api(1).url}${runUrl}`, { headers: { Authorization: dealer.auth } })).json() as Record<string, unknown>;
          return body.status === 'completed' ? body : undefined;
        }, 'the run to end', { timeoutMs: 30_000, intervalMs: 20 });
        expect(run.outcome).toBe('handed_off');
        await service.crash(0);

        smtpProxy.restore();
        chatProxy.restore();
        await service.restart(0);
        const handoff = await eventually(async () => {
          const body = await (await fetch(`${service!.api(0).url}${runUrl}`, { headers: { Authorization: dealer.auth } })).json() as { handoff: { status: string; destinations: unknown[] } };
          return body.handoff.status === 'sent' ? body.handoff : undefined;
        }, 'the lead delivered after the restart', { timeoutMs: 45_000, intervalMs: 200 });
        expect(handoff.destinations).toHaveLength(3);
        expect(mailTo(smtp.mails, CRM)).toHaveLength(1);
        expect(mailTo(smtp.mails, SALES)).toHaveLength(1);
        expect(adfProblems(adfOf(mailTo(smtp.mails, CRM)[0]))).toEqual([]);
        expect(chat.requests).toHaveLength(1);
        expect(verifyChat(chat.requests[0])).toMatchObject({ run_id: sent.run_id, vehicles: [{ vin: vin(900), listed_price: 31500 }] });
      } finally {
        await service?.stop();
        await store.drop();
        await smtpProxy.close();
        await chatProxy.close();
        await smtp.close();
        await chat.close();
      }
    }, 120_000);
  });
}
