import { EMPTY_THREAD_STATE, ThreadState } from '../domain/thread-state';
import { NO_METRICS } from '../../../../libs/common/metrics/service-metrics';
import { FakeToolCallingModel } from 'langchain';
import { LangChainAssistantAgent } from '../adapters/agent/langchain-assistant-agent';
import { AssistantRun, AssistantThread, RunEvent, RunStatus, ThreadMessage } from '../domain/assistant-run';
import { AssistantRepository, NewRunEvent, RunChanges, RunRef } from '../domain/assistant.repository';
import { ConversationInsights } from '../domain/conversation-statistics';
import { DealershipFactsSource } from '../domain/dealership-facts';
import { HandOffDesk, HandOffDestination, HandOffRequest } from '../domain/hand-off';
import { InventoryLookup, VehicleFacts } from '../domain/inventory-lookup';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { eventually } from '../../../../test/support/eventually';
import { captureNestLogs } from '../../../../test/support/nest-logs';
import { ExecuteRunUseCase } from './execute-run.use-case';
import { RunWakeups } from './run-wakeups';

/** Just enough of the repository for one run: the use case's reads and compare-and-set writes. */
class InMemoryAssistant extends AssistantRepository {
  runs = new Map<string, AssistantRun>();
  messages: ThreadMessage[] = [];
  events: RunEvent[] = [];
  async insertThread(_thread: AssistantThread): Promise<void> {}
  async findThread(): Promise<AssistantThread | null> { return null; }
  async listThreads(): Promise<AssistantThread[]> { return []; }
  async touchThread(): Promise<void> {}
  async threadState(): Promise<ThreadState> { return EMPTY_THREAD_STATE; }
  async insertRun(run: AssistantRun): Promise<void> { this.runs.set(run.id, run); }
  async findRun(dealerId: string, runId: string): Promise<AssistantRun | null> {
    const run = this.runs.get(runId);
    return run && run.dealerId === dealerId ? { ...run } : null;
  }
  async findRuns(): Promise<AssistantRun[]> { return []; }
  async findActiveRun(): Promise<AssistantRun | null> { return null; }
  async updateRun(dealerId: string, runId: string, from: readonly RunStatus[], changes: RunChanges, at: Date, attempt?: number): Promise<boolean> {
    const run = this.runs.get(runId);
    if (!run || run.dealerId !== dealerId || !from.includes(run.status) || (attempt !== undefined && run.attempts !== attempt)) return false;
    Object.assign(run, changes, { lastModifiedDate: at });
    return true;
  }
  async heartbeat(dealerId: string, runId: string, at: Date, attempt: number): Promise<'in_progress' | 'cancelling' | null> {
    const run = this.runs.get(runId);
    if (!run || (run.status !== 'in_progress' && run.status !== 'cancelling')) return null;
    return (await this.updateRun(dealerId, runId, [run.status], {}, at, attempt)) ? run.status : null;
  }
  async insertMessage(message: Omit<ThreadMessage, 'id'>): Promise<string> {
    this.messages.push({ ...message, id: String(this.messages.length + 1) });
    return String(this.messages.length);
  }
  async listMessages(dealerId: string, threadId: string): Promise<ThreadMessage[]> {
    return this.messages.filter((m) => m.dealerId === dealerId && m.threadId === threadId);
  }
  async appendEvents(_dealerId: string, runId: string, events: readonly NewRunEvent[], after?: number): Promise<RunEvent[]> {
    const last = this.events.filter((x) => x.runId === runId).length;
    if (after !== undefined && after !== last) throw new Error(`stale sequence ${after}, the run is at ${last}`);
    const appended = events.map((e, i) => ({ ...e, runId, sequence: last + 1 + i }));
    this.events.push(...appended);
    return appended;
  }
  async listEvents(): Promise<RunEvent[]> { return this.events; }
  async hasEventOfType(): Promise<boolean> { return false; }
  async queuedNotHandedOver(): Promise<RunRef[]> { return []; }
  async queuedHandedOverBefore(): Promise<RunRef[]> { return []; }
  async pastDeadline(): Promise<RunRef[]> { return []; }
  async stalled(): Promise<RunRef[]> { return []; }
  async oldestQueued(): Promise<Date | null> { return null; }
}

const CIVIC: VehicleFacts = {
  vin: '2HGBGR8318S951777', condition: 'used', year: 2018, make: 'Honda', model: 'Civic', trim: 'EX', price: 18995,
  kilometers: 42000, color: 'Blue', type: 'Sedan', stockNumber: 'U1', daysInStock: 12,
  doors: 4, seats: 5, driveTrain: 'FWD', transmission: 'Automatic', fuelType: 'Gasoline', engine: null, options: null, description: null, accident: null, certified: null,
};

const inventory = {
  search: async () => ({ total: 1, cars: [CIVIC] }),
  findByVin: async (_d: string, vin: string) => (vin === CIVIC.vin ? CIVIC : null),
} as unknown as InventoryLookup;

type FakeOptions = ConstructorParameters<typeof FakeToolCallingModel>[0];

/** LangChain's fake tool-calling model, whose last turn says `finalText` (the fake echoes its input otherwise). */
class ScriptedModel extends FakeToolCallingModel {
  constructor(private readonly finalText: string, private readonly options: FakeOptions) {
    super(options);
  }

  override bindTools(tools: Parameters<FakeToolCallingModel['bindTools']>[0]): ScriptedModel {
    const bound = new ScriptedModel(this.finalText, { ...this.options, indexRef: (this as unknown as { indexRef: unknown }).indexRef } as FakeOptions);
    (bound as unknown as { tools: unknown[] }).tools = [...tools];
    return bound;
  }

  override async _generate(...args: Parameters<FakeToolCallingModel['_generate']>): ReturnType<FakeToolCallingModel['_generate']> {
    const result = await super._generate(...args);
    const generation = result.generations[0];
    const message = generation.message as { tool_calls?: unknown[]; content: unknown };
    if (!message.tool_calls?.length) {
      message.content = this.finalText;
      generation.text = this.finalText;
    }
    return result;
  }
}

/** A desk that takes every lead to one ADF address (the engagement side has its own specs). */
class RecordingDesk extends HandOffDesk {
  readonly leads: HandOffRequest[] = [];
  async record(request: HandOffRequest): Promise<HandOffDestination[]> {
    this.leads.push(request);
    return [{ kind: 'adf_email', to: 'crm@acme.example', deliveryStatus: 'queued', deliveryError: null }];
  }
  async deliverSoon(): Promise<void> {}
  async destinations(): Promise<Map<string, HandOffDestination[]>> { return new Map(); }
}

const NO_PROFILE = { factsOf: async () => null } as DealershipFactsSource;

/** The real LangChain agent loop, over LangChain's fake tool-calling model scripted per test. */
async function runWith(toolCalls: { name: string; args: Record<string, unknown> }[], finalText: string, question: string, options: { lookup?: InventoryLookup; eventFlushMs?: number } = {}) {
  const { useCase, repo, transactions } = prepare(toolCalls, finalText, question, options.lookup ?? inventory, options.eventFlushMs);
  await useCase.execute({ dealerId: 'acme', runId: 'run-1' });
  return { run: repo.runs.get('run-1')!, reply: repo.messages.find((m) => m.role === 'assistant')!, events: repo.events, transactions: transactions() };
}

function prepare(toolCalls: { name: string; args: Record<string, unknown> }[], finalText: string, question: string, lookup: InventoryLookup, eventFlushMs?: number) {
  const repo = new InMemoryAssistant();
  const now = new Date();
  void repo.insertRun({
    id: 'run-1', threadId: 'thread-1', dealerId: 'acme', status: 'queued', lastError: null, resultSummary: null, outcome: null, outcomeCode: null,
    stepIndex: 0, attempts: 0, deadlineAt: new Date(now.getTime() + 60_000), createdDate: now, startedDate: null, completedDate: null,
    lastModifiedDate: now, enqueuedAt: now,
  });
  void repo.insertMessage({ dealerId: 'acme', threadId: 'thread-1', runId: 'run-1', role: 'user', content: question, metadataCode: null, dateCreated: now });
  // Turn 1: the scripted tool calls; turn 2: the final text.
  const model = new ScriptedModel(finalText, { toolCalls: [toolCalls.map((c, i) => ({ ...c, id: `c${i}` })), []] });
  const agent = new LangChainAssistantAgent(model, { provider: 'fake', name: 'fake-tool-calling' });
  let transactions = 0;
  const unitOfWork = {
    run: (work: () => Promise<unknown>) => {
      transactions++;
      return work();
    },
  } as UnitOfWork;
  const useCase = new ExecuteRunUseCase(unitOfWork, repo, agent, lookup, NO_PROFILE, {} as ConversationInsights, new RecordingDesk(), {
    runDeadlineMs: 60_000, stalledAfterMs: 15_000, heartbeatMs: 1000, eventFlushMs,
  }, new RunWakeups(), NO_METRICS);
  return { useCase, repo, transactions: () => transactions };
}

/** Starts a run whose vehicle lookup waits for `release()`, and returns once the run's tool call is stored. */
async function runUntilToolCallStored() {
  const { useCase, repo, release } = prepareSlowLookup();
  const running = useCase.execute({ dealerId: 'acme', runId: 'run-1' });
  await eventually(() => (repo.events.some((e) => e.type === 'tool.call') ? true : undefined), 'the tool call event stored while the tool runs');
  return { repo, release, running };
}

/** A run about a VIN whose lookup waits for `release()`. */
function prepareSlowLookup() {
  let waiting: (() => void) | null = null;
  const slow = {
    ...inventory,
    findByVin: async (_d: string, vin: string) => {
      await new Promise<void>((resolve) => (waiting = resolve));
      return vin === CIVIC.vin ? CIVIC : null;
    },
  } as unknown as InventoryLookup;
  const prepared = prepare([{ name: 'get_vehicle', args: { vin: CIVIC.vin } }], `The Civic (VIN ${CIVIC.vin}) is listed at $18,995.`, `Tell me about ${CIVIC.vin}`, slow);
  return { ...prepared, release: () => waiting?.() };
}

describe(ExecuteRunUseCase.name, () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps a reply whose figures all come from the run\'s tools', async () => {
    const { run, reply, events } = await runWith([{ name: 'get_vehicle', args: { vin: CIVIC.vin } }],
      `The 2018 Honda Civic EX (VIN ${CIVIC.vin}) is listed at $18,995.`, `Tell me about ${CIVIC.vin}`);
    expect(run).toMatchObject({ status: 'completed', outcome: 'answered', outcomeCode: 'answered', stepIndex: 1 });
    expect(reply).toMatchObject({ content: `The 2018 Honda Civic EX (VIN ${CIVIC.vin}) is listed at $18,995.`, metadataCode: null });
    expect(events.map((e) => e.type)).toEqual(['run.started', 'tool.call', 'tool.result', 'message.delta', 'message.completed', 'run.completed']);
  });

  it('repairs a reply that invents a price, a VIN or a count (answer_repaired), never streaming the invented sentence', async () => {
    const { run, reply, events } = await runWith([{ name: 'search_inventory', args: { query: 'civic' } }], [
      `We have a 2018 Honda Civic EX (VIN ${CIVIC.vin}).`,
      'It is on sale for $15,500 this week.',
      'We also have 12 cars like it, including 1HGCM82633A004352.',
    ].join(' '), 'Do you have a Civic?');
    expect(run).toMatchObject({ status: 'completed', outcome: 'answered', outcomeCode: 'answer_repaired' });
    expect(reply.content).toBe(`We have a 2018 Honda Civic EX (VIN ${CIVIC.vin}).`);
    expect(reply.metadataCode).toBe('answer_repaired');
    const streamed = events.filter((e) => e.type === 'message.delta').map((e) => JSON.stringify(e.payload)).join('');
    expect(streamed).not.toMatch(/15,500|12 cars|1HGCM82633A004352/);
  });

  it('answers with what the tools returned when nothing grounded is left', async () => {
    const { reply } = await runWith([{ name: 'get_vehicle', args: { vin: CIVIC.vin } }], 'That one is $9,999 today only.', `Price of ${CIVIC.vin}?`);
    expect(reply.content).toBe(`Here is what our records show: the used 2018 Honda Civic EX (VIN ${CIVIC.vin}), listed at $18,995.`);
  });

  it('hands a discount request to staff with the listed price, whatever the model agreed to', async () => {
    const { run, reply } = await runWith([{ name: 'get_vehicle', args: { vin: CIVIC.vin } }],
      'Sure, we can do $16,000 for you, deal!', `Can you give me a discount on ${CIVIC.vin}?`);
    expect(run).toMatchObject({ outcome: 'handed_off', outcomeCode: 'deal_request' });
    expect(reply.content).toContain('passed your request to our sales team');
    expect(reply.content).toContain('listed at $18,995');
    expect(reply.content).not.toMatch(/16,000|deal!/);
  });

  it('hands off a reply that agrees to a price change even when the question did not ask for one', async () => {
    const { run, reply } = await runWith([{ name: 'get_vehicle', args: { vin: CIVIC.vin } }],
      'We can knock $2,000 off that one for you.', `Is ${CIVIC.vin} still available?`);
    expect(run.outcome).toBe('handed_off');
    expect(reply.content).not.toMatch(/2,000/);
  });

  it('writes the events of a quick run with its start and its end: two transactions, not one per event', async () => {
    // A run that ends before its events' flush time (a minute here, so a slow machine changes nothing).
    const { events, transactions } = await runWith([{ name: 'get_vehicle', args: { vin: CIVIC.vin } }],
      `The 2018 Honda Civic EX (VIN ${CIVIC.vin}) is listed at $18,995.`, `Tell me about ${CIVIC.vin}`, { eventFlushMs: 60_000 });
    expect(transactions).toBe(2);
    expect(events.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('stores the events of a run that is still working, with its step count, without waiting for its end', async () => {
    // The tool waits until its call is stored: the batch is written on its timer, not by the run's end.
    const { repo, release, running } = await runUntilToolCallStored();
    expect(repo.runs.get('run-1')).toMatchObject({ status: 'in_progress', stepIndex: 1 });
    release();
    await running;
    expect(repo.events.map((e) => e.type)).toEqual(['run.started', 'tool.call', 'tool.result', 'message.delta', 'message.completed', 'run.completed']);
  });

  it('writes nothing more once the sweep handed its stalled run to another attempt', async () => {
    const { repo, release, running } = await runUntilToolCallStored();
    // Meanwhile the sweep re-queued the run and another worker started it: attempt 2.
    Object.assign(repo.runs.get('run-1')!, { status: 'in_progress', attempts: 2 });
    const before = repo.events.length;
    release();
    await running;
    expect(repo.events).toHaveLength(before);
    expect(repo.messages.filter((m) => m.role === 'assistant')).toHaveLength(0);
    expect(repo.runs.get('run-1')).toMatchObject({ status: 'in_progress', attempts: 2 });
  });

  it('stops a run whose events cannot be stored and ends it failed, saying so', async () => {
    const { useCase, repo, release } = prepareSlowLookup();
    const append = repo.appendEvents.bind(repo);
    let failures = 1;
    repo.appendEvents = async (...args: Parameters<typeof append>) => {
      if (failures-- > 0) throw new Error('connection lost');
      return append(...args);
    };
    const logs = captureNestLogs();
    const running = useCase.execute({ dealerId: 'acme', runId: 'run-1' });
    // Stopped while its tool still waits: the failed batch does not wait for the run's end.
    await eventually(() => (repo.runs.get('run-1')!.status === 'failed' ? true : undefined), 'the run failed while its tool waits');
    release();
    await running;
    expect(repo.runs.get('run-1')!.lastError).toBe("The run's events could not be stored: connection lost");
    expect(repo.events.map((e) => e.type)).toEqual(['run.failed']);
    expect(logs.map((l) => [l.level, l.message, l.fields.run_id])).toEqual([['error', 'assistant run failed', 'run-1']]);
  });

  it('does not start a run another attempt started and the sweep re-queued since this job read it', async () => {
    const { useCase, repo } = prepare([], 'Hello.', 'Hi', inventory);
    const read = repo.findRun.bind(repo);
    // The job reads the run at attempt 0; before it starts it, another job ran attempt 1, which stalled and was re-queued.
    repo.findRun = async (dealerId: string, runId: string) => {
      const run = await read(dealerId, runId);
      Object.assign(repo.runs.get(runId)!, { attempts: 1 });
      return run;
    };
    await useCase.execute({ dealerId: 'acme', runId: 'run-1' });
    expect(repo.runs.get('run-1')).toMatchObject({ status: 'queued', attempts: 1 });
    expect(repo.events).toHaveLength(0);
  });

  it('does nothing for a run that is already over (a redelivered job)', async () => {
    const { run } = await runWith([], 'Hello.', 'Hi');
    expect(run.status).toBe('completed');
  });
});
