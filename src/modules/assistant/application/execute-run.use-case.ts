import { Injectable, Logger } from '@nestjs/common';
import { ServiceMetrics } from '../../../../libs/common/metrics/service-metrics';
import { Clock, SystemClock } from '../../../../libs/common/time/clock';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { AssistantAgent } from '../domain/assistant-agent';
import { AssistantRun, conversationTurns, OutcomeCode, RunEventType, RunOutcome, RunStatus } from '../domain/assistant-run';
import { ToolName, Toolbox } from '../domain/assistant-tools';
import { AssistantRepository, NewRunEvent } from '../domain/assistant.repository';
import { ConversationInsights } from '../domain/conversation-statistics';
import { DealershipFacts, DealershipFactsSource } from '../domain/dealership-facts';
import { agreesToDeal, asksForAppraisal, isDealRequest } from '../domain/deal-request';
import { handedToSomeone, HandOffDesk, HandOffRequest } from '../domain/hand-off';
import { prospectFrom } from '../domain/prospect';
import { groundingViolations, misstatedPrices, ToolEvidence, vinsIn } from '../domain/grounding';
import { InventoryLookup, VehicleFacts } from '../domain/inventory-lookup';
import { EMPTY_THREAD_STATE, nextThreadState, ToolCall } from '../domain/thread-state';
import { AssistantSettings } from './assistant-settings';
import { factualFallback, handOffReply, salesContact, understoodCars, vehiclesIn } from './reply-texts';
import { RunToolbox } from './run-toolbox';
import { RunWakeups } from './run-wakeups';

type StopReason = 'cancelled' | 'deadline' | 'superseded' | 'store';

class RunStopped extends Error {
  /** `failure`: why the run's events could not be stored (reason 'store'). */
  constructor(readonly reason: StopReason, readonly failure?: Error) {
    super(reason);
  }
}

/** The run was no longer in progress in this attempt when its end was to be written: the end's transaction rolls back. */
class RunMovedOn extends Error {
  constructor() {
    super('the run moved on before its end was written');
  }
}

/**
 * The run left this worker's attempt: the worker stalled past the sweep's limit and the sweep handed
 * the run to another attempt (or ended it). The worker stops and writes nothing more.
 */
class RunLeftAttempt extends Error {
  constructor() {
    super('the run left this attempt');
  }
}

const HISTORY_MESSAGES = 20;
/**
 * How long an event may wait to be written with the ones after it: a run's events are stored in
 * batches (with the run's end, or this long after the first one waiting), so a run costs a few
 * transactions instead of one per event. The event stream reads the store every 200 ms: waiting as
 * long keeps it live, and most quick runs write all their events with their end.
 */
const EVENT_FLUSH_MS = 200;
/** A sentence end or a line break, captured so the reply keeps its lines. */
const SENTENCE_END = /((?<=[.!?])[ \t]+|\s*\n\s*)/;

/**
 * Executes one run (a job of the `assistant-runs` queue) in the worker: idempotent by run id (a
 * redelivered job of a run that started or ended does nothing), cooperative cancel and the
 * deadline through one AbortSignal, every tool call and result and the model output as events,
 * and the reply grounded in code before it is stored.
 */
@Injectable()
export class ExecuteRunUseCase {
  private readonly logger = new Logger(ExecuteRunUseCase.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly assistant: AssistantRepository,
    private readonly agent: AssistantAgent,
    private readonly inventory: InventoryLookup,
    private readonly dealership: DealershipFactsSource,
    private readonly conversations: ConversationInsights,
    private readonly handOffs: HandOffDesk,
    private readonly settings: AssistantSettings,
    private readonly wakeups: RunWakeups,
    private readonly metrics: ServiceMetrics,
    // What "now" and "today" are in the dealership's answers (a fixed instant in tests and demos).
    private readonly clock: Clock = new SystemClock(),
  ) {}

  async execute(job: { dealerId: string; runId: string }): Promise<void> {
    const { dealerId, runId } = job;
    const run = await this.assistant.findRun(dealerId, runId);
    if (!run) return;
    if (run.status === 'cancelling') return this.finish(run, ['cancelling'], 'cancelled');
    if (run.status !== 'queued') return; // started elsewhere, or over: nothing to do
    const startedAt = new Date();
    if (startedAt >= run.deadlineAt) return this.finish(run, ['queued'], 'expired');
    const attempt = run.attempts + 1;
    const started = await this.unitOfWork.run(() =>
      // Fenced by the attempts read above too: a job that read the run before another attempt started it cannot take that attempt's number.
      this.assistant.updateRun(dealerId, runId, ['queued'], { status: 'in_progress', attempts: attempt, startedDate: startedAt }, startedAt, run.attempts));
    if (!started) return;
    const controller = new AbortController();
    const stop = (reason: StopReason, failure?: Error) => {
      if (!controller.signal.aborted) controller.abort(new RunStopped(reason, failure));
    };
    // A batch that cannot be stored stops the run at once: nothing after it could be stored either.
    const events = new RunEvents(this.unitOfWork, this.assistant, run, attempt, this.wakeups, this.settings.eventFlushMs ?? EVENT_FLUSH_MS, stop);
    events.add('run.started', 'Run started', { attempt });

    const deadline = setTimeout(() => stop('deadline'), run.deadlineAt.getTime() - startedAt.getTime());
    // The heartbeat says the worker lives, and reads whether a cancel was asked (from any process).
    const heartbeat = setInterval(() => {
      void this.beat(run, attempt).then((status) => {
        if (status === 'superseded') stop('superseded');
        else if (status === 'cancelling') stop('cancelled');
      }, () => undefined);
    }, this.settings.heartbeatMs);
    try {
      await this.answer(run, attempt, events, controller.signal);
    } catch (err) {
      // A batch refused because the run left this attempt stops the run too (reason 'superseded').
      const stopped = controller.signal.aborted ? (controller.signal.reason as RunStopped) : null;
      const reason = stopped?.reason ?? null;
      if (reason === 'superseded') {
        this.logger.warn({ dealer_id: dealerId, run_id: runId, attempt }, 'assistant run handed to another attempt while this one stalled; this one stops');
        return;
      }
      // What the run said so far is stored before its end, in the same transaction.
      const said = await events.takeAll().catch(() => []);
      if (reason === 'cancelled') await this.finish(run, ['in_progress', 'cancelling'], 'cancelled', null, said, attempt, events.toolCalls);
      else if (reason === 'deadline') await this.finish(run, ['in_progress', 'cancelling'], 'expired', null, said, attempt, events.toolCalls);
      else {
        this.logger.error({ err, dealer_id: dealerId, run_id: runId }, 'assistant run failed');
        const cause = reason === 'store' ? "The run's events could not be stored" : 'The model or a tool failed';
        const detail = reason === 'store' ? (stopped?.failure?.message ?? '') : err instanceof Error ? err.message : String(err);
        await this.finish(run, ['in_progress', 'cancelling'], 'failed', `${cause}: ${detail}`.slice(0, 500), said, attempt, events.toolCalls);
      }
    } finally {
      events.stop();
      clearTimeout(deadline);
      clearInterval(heartbeat);
    }
  }

  /** The run's status after a heartbeat, or 'superseded' when the run is no longer in this attempt. */
  private async beat(run: AssistantRun, attempt: number): Promise<'in_progress' | 'cancelling' | 'superseded'> {
    const status = await this.unitOfWork.run(() => this.assistant.heartbeat(run.dealerId, run.id, new Date(), attempt));
    // No longer active in this attempt (re-queued by the sweep, started again, or ended): stop.
    return status ?? 'superseded';
  }

  private async answer(run: AssistantRun, attempt: number, events: RunEvents, signal: AbortSignal): Promise<void> {
    const { dealerId } = run;
    // The thread is busy while the run lasts: its question is among the last messages, after the history.
    const recent = await this.assistant.listMessages(dealerId, run.threadId, HISTORY_MESSAGES + 2);
    const question = recent.find((m) => m.runId === run.id && m.role === 'user');
    if (!question) throw new Error('the run has no user message');
    // A thread's first question has no history: the second read only when the thread said something before.
    const history = recent.some((m) => m.runId !== run.id)
      ? conversationTurns(await this.assistant.listMessages(dealerId, run.threadId, HISTORY_MESSAGES, { answered: true }))
      : [];
    const dealRequest = isDealRequest(question.content);
    // What follow-ups refer to: nothing before the thread's first answer.
    const thread = history.length > 0 ? await this.assistant.threadState(dealerId, run.threadId) : EMPTY_THREAD_STATE;

    const results: unknown[] = [];
    const calls: ToolCall[] = [];
    let steps = 0;
    const tools = new RunToolbox(dealerId, { inventory: this.inventory, dealership: this.dealership, conversations: this.conversations }, () => this.clock.now());
    const toolbox: Toolbox = {
      call: async (name: ToolName, args: Record<string, unknown>) => {
        signal.throwIfAborted();
        steps++;
        events.add('tool.call', `Calling ${name}`, { name, args }, steps);
        // A refined search applies to the thread's last one (the toolbox reads `within`, which no model can send: the tool schema has no such field).
        const { within: _never, ...asked } = args;
        const result = await tools.call(name, name === 'search_inventory' && asked.refine === true ? { ...asked, within: thread.search?.queries ?? [] } : asked);
        results.push(result);
        calls.push({ name, args, result });
        events.add('tool.result', `${name} answered`, { name, result });
        signal.throwIfAborted();
        return result;
      },
    };

    // Model output is streamed sentence by sentence, each one grounded before it is sent: a
    // sentence citing a VIN, price or count no tool returned is never streamed nor stored.
    const kept: string[] = [];
    let pending = '';
    let dropped = false;
    let dealInReply = false;
    const release = async (sentence: string, separator: string) => {
      if (!sentence.trim() || dealInReply) return;
      const evidence = new ToolEvidence(results);
      // A reply agreeing to a price change, or giving a named car another price than its own, is never sent: the run hands off instead.
      if (agreesToDeal(sentence) || misstatedPrices(sentence, evidence).length > 0) {
        dealInReply = true;
        return;
      }
      if (groundingViolations(sentence, evidence).length > 0) {
        dropped = true;
        return;
      }
      const text = `${sentence.trim()}${separator.includes('\n') ? '\n' : ' '}`;
      kept.push(text);
      events.add('message.delta', 'Reply text', { text });
    };
    /** Releases the complete sentences of `pending` (all of it when `all`), keeping line breaks. */
    const drain = async (all: boolean) => {
      const parts = pending.split(SENTENCE_END);
      pending = all ? '' : (parts.pop() ?? '');
      for (let i = 0; i < parts.length; i += 2) await release(parts[i], parts[i + 1] ?? '');
    };
    const reply = await this.agent.answer({
      question: question.content,
      history: history.map((m) => ({ role: m.role, content: m.content })),
      thread,
      toolbox,
      signal,
      listener: {
        toolCall: async () => undefined,
        toolResult: async () => undefined,
        output: async (text) => {
          if (dealRequest) return; // the hand-off is written here, not by the model
          pending += text;
          await drain(false);
        },
      },
    });
    signal.throwIfAborted();

    let text = '';
    let outcome: RunOutcome = 'answered';
    let code: OutcomeCode;
    let handOff: Omit<HandOffRequest, 'requestedAt'> | null = null;
    let facts: DealershipFacts | null = null;
    // Whatever the model did not stream (an adapter without streaming) is checked the same way.
    if (!dealRequest) {
      if (kept.length === 0 && !dropped && !pending) pending = reply;
      await drain(true);
    }
    if (dealRequest || dealInReply) {
      outcome = 'handed_off';
      const tradeIn = dealRequest && asksForAppraisal(question.content);
      code = tradeIn ? 'trade_in_request' : 'deal_request';
      facts = await this.dealership.factsOf(dealerId);
      handOff = {
        dealerId, runId: run.id, threadId: run.threadId, request: question.content, interest: tradeIn ? 'trade-in' : 'buy',
        prospect: prospectFrom(recent.filter((m) => m.role === 'user').map((m) => m.content), facts?.region ?? ''),
        vehicles: await carsForHandOff(question.content, results, toolbox, tradeIn, thread.focus),
      };
    } else {
      if (kept.length === 0) {
        text = factualFallback(results);
        events.add('message.delta', 'Reply text', { text });
      } else text = kept.join('').trim();
      code = dropped ? 'answer_repaired' : answeredNothing(results) ? 'cannot_answer' : 'answered';
    }

    const said = await events.takeAll();
    const after = firstAttemptOnly(events.last);
    const now = new Date();
    let completed: boolean;
    try {
      completed = await this.unitOfWork.run(async () => {
        const ending: NewRunEvent[] = [];
        if (handOff) {
          // The lead is committed with the run's end, or not at all: the reply says it was passed on only when it was.
          const destinations = await this.handOffs.record({ ...handOff, requestedAt: now });
          const handOffText = handOffReply(handOff.vehicles, { passedOn: handedToSomeone(destinations), tradeIn: handOff.interest === 'trade-in', contact: salesContact(facts) });
          ending.push({ type: 'message.delta', summary: 'Reply text', payload: { text: handOffText }, dateCreated: now });
          // What the model's reply already streamed (grounded, before the sentence that was a deal) stays: the stored reply is what was streamed.
          text = `${kept.join('')}${handOffText}`;
        }
        if (!(await this.assistant.updateRun(dealerId, run.id, ['in_progress'], {
          status: 'completed', outcome, outcomeCode: code, resultSummary: text.slice(0, 500), completedDate: now, stepIndex: steps,
        }, now, attempt))) throw new RunMovedOn();
        await this.assistant.insertMessage({
          dealerId, threadId: run.threadId, runId: run.id, role: 'assistant', content: text, metadataCode: code === 'answer_repaired' ? 'answer_repaired' : null, dateCreated: now,
        });
        await this.assistant.appendEvents(dealerId, run.id, [
          ...said,
          ...ending,
          { type: 'message.completed', summary: 'Reply complete', payload: { text, metadata_code: code === 'answer_repaired' ? code : null }, dateCreated: now },
          { type: 'run.completed', summary: `Run completed (${code})`, payload: { outcome, outcome_code: code }, dateCreated: now },
        ], after());
        await this.assistant.touchThread(dealerId, run.threadId, run.id, now, nextThreadState(thread, question.content, calls, text));
        return true;
      }, { retryOnConflict: true });
    } catch (err) {
      // The run moved on (cancelled, or another attempt's) before its end was written: nothing of this end was kept.
      if (!(err instanceof RunMovedOn)) throw err;
      completed = false;
    }
    if (completed && handOff) {
      this.handOffs.deliverSoon(dealerId, run.id).catch((err: unknown) => this.logger.warn({ err, dealer_id: dealerId, run_id: run.id }, 'hand-off lead not handed to the delivery queue now; the relay will'));
    }
    // A cancel that arrived after the last step: honour it (unless another attempt owns the run now).
    if (!completed) await this.finish(run, ['cancelling'], 'cancelled', null, said, attempt, steps);
    else {
      this.metrics.assistantRunEnded('completed', code, secondsSince(run.createdDate, now));
      this.wakeups.changed(run.id);
    }
  }

  /**
   * Ends the run with a terminal status and its event, if it is still in one of `from` (and in
   * `attempt`, when given), outcome `unanswered`. `steps`: the tool calls it made, when the caller
   * knows them (the stored step count may be a batch behind).
   */
  async finish(run: AssistantRun, from: RunStatus[], status: 'cancelled' | 'expired' | 'failed', lastError: string | null = null, said: readonly NewRunEvent[] = [], attempt?: number, steps?: number): Promise<void> {
    const now = new Date();
    const code: OutcomeCode = status === 'cancelled' ? 'cancelled_by_user' : status === 'expired' ? 'deadline_exceeded' : lastError?.startsWith('The worker') ? 'worker_lost' : 'model_error';
    const error = status === 'expired' ? `The run passed its deadline (${Math.round(this.settings.runDeadlineMs / 1000)} s)` : lastError;
    const type: RunEventType = status === 'cancelled' ? 'run.cancelled' : status === 'expired' ? 'run.expired' : 'run.failed';
    // Every ended run says how it ended (a run cancelled while queued: 'Cancelled before it started').
    const summary = status === 'cancelled' ? 'Cancelled while it was running' : status === 'expired' ? 'Stopped at its deadline' : 'Failed';
    const ended = await this.unitOfWork.run(async () => {
      if (!(await this.assistant.updateRun(run.dealerId, run.id, from, { status, outcome: 'unanswered', outcomeCode: code, lastError: error, resultSummary: summary, completedDate: now, stepIndex: steps }, now, attempt))) return false;
      await this.assistant.appendEvents(run.dealerId, run.id, [...said, { type, summary: `Run ${status}`, payload: { outcome: 'unanswered', outcome_code: code, last_error: error }, dateCreated: now }]);
      await this.assistant.touchThread(run.dealerId, run.threadId, run.id, now);
      return true;
    }, { retryOnConflict: true });
    if (ended) this.metrics.assistantRunEnded(status, code, secondsSince(run.createdDate, now));
    this.wakeups.changed(run.id);
  }
}

/** No tool was called, or only searches that understood nothing of their query: the question is none the records answer. */
const answeredNothing = (results: readonly unknown[]) =>
  results.every((r) => !!r && typeof r === 'object' && 'cars' in r && (r as { understood?: boolean }).understood === false);

/**
 * The cars a hand-off names, each with its listed price: the VINs the question wrote (looked up by
 * the run itself when no tool did), else the cars the run's tools looked up or found by the make or
 * model the question writes, else the car the thread is talking about, else what the run's own search finds by them. A trade-in asks about the
 * customer's car: only the dealership's cars it names by VIN belong in its lead.
 */
async function carsForHandOff(question: string, results: readonly unknown[], toolbox: Toolbox, tradeIn: boolean, focus: string | null): Promise<VehicleFacts[]> {
  const vins = vinsIn(question);
  if (vins.length > 0) {
    const known = vehiclesIn(results);
    const cars: VehicleFacts[] = [];
    for (const vin of vins.slice(0, 3)) {
      const car = known.find((c) => c.vin === vin) ?? vehiclesIn([await toolbox.call('get_vehicle', { vin })])[0];
      if (car) cars.push(car);
    }
    return cars;
  }
  if (tradeIn) return [];
  // A car looked up by itself (get_vehicle, an estimate's car) is the one talked about; a search's cars
  // only when the question writes their model or make (a search also reads years, prices and colours, which name no car).
  const words = question.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const writesName = (c: VehicleFacts) => [c.model, c.make, c.stockNumber].some((name) => !!name && writes(words, name));
  const lookedUp = vehiclesIn(results.filter((r) => !(r && typeof r === 'object' && 'cars' in r)));
  const searched = understoodCars(results.filter((r) => r && typeof r === 'object' && 'cars' in r)).filter(writesName);
  const named = [...lookedUp, ...searched.filter((c) => !lookedUp.some((l) => l.vin === c.vin))];
  if (named.length > 0) return named.slice(0, 3);
  // "Would you take 11,500 for it?": the car the thread is talking about.
  if (focus) return vehiclesIn([await toolbox.call('get_vehicle', { vin: focus })]);
  const found = (await toolbox.call('search_inventory', { query: question, take: 3 })) as { total?: number };
  return (found.total ?? 0) <= 3 ? understoodCars([found]).filter(writesName) : [];
}

/** Whether the text's words write a name, as words ("F-150" as "f 150" or "f150"; "Fit" not in "benefit"). */
function writes(words: readonly string[], name: string): boolean {
  const parts = name.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  if (parts.length === 0) return false;
  // A plural names the car too ("2 Civics", "any RAV4s").
  const is = (word: string | undefined, part: string) => word === part || word === `${part}s` || word === `${part}es`;
  if (words.some((w) => is(w, parts.join('')))) return true;
  return words.some((_, i) => parts.every((p, j) => is(words[i + j], p)));
}

/** A run's duration for the metrics: from being queued to its end. */
export function secondsSince(start: Date, end: Date): number {
  return Math.max(0, (end.getTime() - start.getTime()) / 1000);
}

/**
 * The events a run emits while it works, written in batches: `EVENT_FLUSH_MS` after the first one
 * waiting (with the run's step count), or handed to the run's final transaction by `takeAll`. A
 * worker that dies loses only events nobody could have read yet: the sweep then sees a run that has
 * said nothing (no stored message event) and retries it from the start.
 */
class RunEvents {
  /** The last sequence this run wrote, once it wrote a batch. */
  last: number | undefined;
  /** The run's steps so far (its tool calls), for its end. */
  toolCalls = 0;
  private waiting: NewRunEvent[] = [];
  private steps: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The write in progress; a failed write fails the run at its next `takeAll`. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly assistant: AssistantRepository,
    private readonly run: AssistantRun,
    private readonly attempt: number,
    private readonly wakeups: RunWakeups,
    private readonly flushMs: number,
    private readonly onFailure: (reason: 'store' | 'superseded', failure?: Error) => void,
  ) {}

  add(type: RunEventType, summary: string, payload: unknown, steps?: number): void {
    this.waiting.push({ type, summary, payload, dateCreated: new Date() });
    if (steps !== undefined) this.steps = this.toolCalls = steps;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.writing = this.writing.then(() => this.write()).catch((err: unknown) => {
        if (err instanceof RunLeftAttempt) {
          this.onFailure('superseded');
          throw err;
        }
        // The run stops (reason 'store') and ends failed, saying why.
        this.onFailure('store', err instanceof Error ? err : new Error(String(err)));
        throw err;
      });
      this.writing.catch(() => undefined); // handled by the next takeAll, not an unhandled rejection meanwhile
    }, this.flushMs);
  }

  /** Waits for the write in progress, then takes what is still waiting (for the caller's transaction). */
  async takeAll(): Promise<NewRunEvent[]> {
    this.stop();
    await this.writing;
    return this.waiting.splice(0);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async write(): Promise<void> {
    const batch = this.waiting.splice(0);
    const steps = this.steps;
    this.steps = null;
    if (batch.length === 0) return;
    const { dealerId, id } = this.run;
    const after = firstAttemptOnly(this.last);
    await this.unitOfWork.run(async () => {
      // Also the fence: a batch of an attempt the run has left is not written.
      if (!(await this.assistant.updateRun(dealerId, id, ['in_progress', 'cancelling'], steps === null ? {} : { stepIndex: steps }, new Date(), this.attempt))) {
        throw new RunLeftAttempt();
      }
      const written = await this.assistant.appendEvents(dealerId, id, batch, after());
      this.last = written[written.length - 1].sequence;
    }, { retryOnConflict: true });
    this.wakeups.changed(id);
  }
}

/** A run's known last sequence for a unit of work's first attempt; a retry (another writer took the key) reads it anew. */
function firstAttemptOnly(last: number | undefined): () => number | undefined {
  let known = last;
  return () => {
    const value = known;
    known = undefined;
    return value;
  };
}
