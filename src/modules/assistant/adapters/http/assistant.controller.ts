import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse, ApiBadRequestResponse, ApiConflictResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { RequestHeader } from '../../../../../libs/common/http/request-header';
import { Authenticated, CurrentDealer } from '../../../../../libs/common/auth/auth.decorators';
import { CancelRunUseCase } from '../../application/cancel-run.use-case';
import { ExecuteTaskUseCase } from '../../application/execute-task.use-case';
import { RunWakeups } from '../../application/run-wakeups';
import { SendMessageUseCase } from '../../application/send-message.use-case';
import { AssistantAgent } from '../../domain/assistant-agent';
import { AssistantRun, isTerminal, RunEvent } from '../../domain/assistant-run';
import { TOOLS } from '../../domain/assistant-tools';
import { RunNotFoundError, ThreadNotFoundError } from '../../domain/assistant.errors';
import { HandOffDesk } from '../../domain/hand-off';
import { AssistantRepository } from '../../domain/assistant.repository';
import { PREDEFINED_TASKS } from '../../domain/predefined-tasks';
import {
  ExecuteTaskRequest, ListRunEventsQuery, ListThreadMessagesQuery, ListThreadsQuery, SendMessageRequest, StreamRunEventsQuery,
} from './assistant.request.dto';
import {
  CapabilitiesResponse, RunEventPageResponse, RunResponse, SendMessageResponse, TaskResponse, TaskResultResponse, ThreadMessageResponse, ThreadResponse,
  toRunEventResponse, toRunResponse, toThreadMessageResponse, toThreadResponse,
} from './assistant.response.dto';

/** How often an open event stream looks for new events (the store is shared: the run may execute in another process). */
const STREAM_POLL_MS = 200;
const HEARTBEAT_MS = 15_000;


@ApiTags('assistant')
@Authenticated('dealer')
@Controller('api/v1/assistant')
export class AssistantController {
  constructor(
    private readonly sendMessage: SendMessageUseCase,
    private readonly cancelRun: CancelRunUseCase,
    private readonly executeTask: ExecuteTaskUseCase,
    private readonly assistant: AssistantRepository,
    private readonly agent: AssistantAgent,
    private readonly wakeups: RunWakeups,
    private readonly handOffs: HandOffDesk,
  ) {}

  @Post('threads/message')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send a message (to a new thread, or to thread_id); the run executes asynchronously', operationId: 'sendAssistantMessage' })
  @ApiAcceptedResponse({ type: SendMessageResponse })
  @ApiBadRequestResponse({ description: 'The message empty or over 8,000 characters, thread_id not a string or empty, or an unknown field' })
  @ApiNotFoundResponse({ description: 'No such thread for this dealership' })
  @ApiConflictResponse({ description: 'The thread has a queued or running run' })
  send(@CurrentDealer() dealerId: string, @Body() body: SendMessageRequest): Promise<SendMessageResponse> {
    return this.sendMessage.execute(dealerId, body.message, body.thread_id);
  }

  @Get('threads')
  @ApiOperation({ summary: "The dealership's most recent threads", operationId: 'listAssistantThreads' })
  @ApiOkResponse({ type: [ThreadResponse] })
  @ApiBadRequestResponse({ description: 'take out of 1..100, or outcome not answered, handed_off or unanswered' })
  async threads(@CurrentDealer() dealerId: string, @Query() query: ListThreadsQuery): Promise<ThreadResponse[]> {
    const threads = await this.assistant.listThreads(dealerId, query.take, query.outcome);
    const runs = await this.runsById(dealerId, threads.map((t) => t.latestRunId));
    return threads.map((t) => toThreadResponse(t, t.latestRunId ? runs.get(t.latestRunId) : undefined));
  }

  @Get('threads/:threadId/messages')
  @ApiOperation({ summary: "A thread's messages in chronological order", operationId: 'listAssistantThreadMessages' })
  @ApiOkResponse({ type: [ThreadMessageResponse] })
  @ApiNotFoundResponse({ description: 'No such thread for this dealership' })
  async messages(@CurrentDealer() dealerId: string, @Param('threadId') threadId: string, @Query() query: ListThreadMessagesQuery): Promise<ThreadMessageResponse[]> {
    await this.thread(dealerId, threadId);
    const messages = await this.assistant.listMessages(dealerId, threadId, query.take);
    const runs = await this.runsById(dealerId, messages.map((m) => m.runId));
    return messages.map((m) => toThreadMessageResponse(m, runs.get(m.runId)));
  }

  @Get('threads/:threadId/runs/:runId')
  @ApiOperation({ summary: 'A run: status, outcome, steps', operationId: 'getAssistantRun' })
  @ApiOkResponse({ type: RunResponse })
  @ApiNotFoundResponse({ description: 'No such thread or run for this dealership' })
  async run(@CurrentDealer() dealerId: string, @Param('threadId') threadId: string, @Param('runId') runId: string): Promise<RunResponse> {
    const run = await this.findRun(dealerId, threadId, runId);
    const handOff = run.outcome === 'handed_off' ? ((await this.handOffs.destinations(dealerId, [run.id])).get(run.id) ?? []) : null;
    return toRunResponse(run, handOff);
  }

  @Get('threads/:threadId/runs/:runId/events')
  @ApiOperation({ summary: "A page of a run's events from Cursor; next_cursor continues while the run progresses", operationId: 'listAssistantRunEvents' })
  @ApiOkResponse({ type: RunEventPageResponse })
  @ApiNotFoundResponse({ description: 'No such thread or run for this dealership' })
  async events(@CurrentDealer() dealerId: string, @Param('threadId') threadId: string, @Param('runId') runId: string, @Query() query: ListRunEventsQuery): Promise<RunEventPageResponse> {
    await this.findRun(dealerId, threadId, runId);
    const events = await this.assistant.listEvents(dealerId, runId, query.Cursor, query.Take);
    return { cursor: query.Cursor, next_cursor: events.length ? events[events.length - 1].sequence + 1 : query.Cursor, events: events.map(toRunEventResponse) };
  }

  @Get('threads/:threadId/runs/:runId/events/stream')
  @ApiOperation({
    summary: "A run's events as server-sent events (id/event/data frames), until its terminal event",
    description: 'Resumable: send `Last-Event-ID` (or `Cursor`) to start after an event already seen. A comment line every 15 s keeps the connection open.',
    operationId: 'streamAssistantRunEvents',
  })
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The last sequence received; the stream resumes after it' })
  @ApiOkResponse({
    description: 'text/event-stream of RunEvent frames',
    content: {
      'text/event-stream': {
        schema: { type: 'string', description: '`id: <sequence>`, `event: <type>`, `data: <RunEvent JSON>` frames; `: heartbeat` comments' },
        example: 'id: 1\nevent: run.started\ndata: {"sequence":1,"type":"run.started","summary":"Run started","payload_json":"{}","date_created":"2026-11-24T15:30:00.000Z"}\n\n',
      },
    },
  })
  @ApiNotFoundResponse({ description: 'No such thread or run for this dealership' })
  async stream(
    @CurrentDealer() dealerId: string,
    @Param('threadId') threadId: string,
    @Param('runId') runId: string,
    @Query() query: StreamRunEventsQuery,
    @RequestHeader('last-event-id') lastEventId: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    await this.findRun(dealerId, threadId, runId);
    const resumeAfter = lastEventId !== undefined && /^\d{1,10}$/.test(lastEventId.trim()) ? Number(lastEventId.trim()) : null;
    const cursor = resumeAfter !== null ? resumeAfter + 1 : query.Cursor;
    res.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.flushHeaders();
    let open = true;
    res.on('close', () => {
      open = false;
    });
    let lastWrite = Date.now();
    const write = (text: string) => {
      res.write(text);
      lastWrite = Date.now();
    };
    write(': stream open\n\n');
    try {
      await this.follow(dealerId, runId, cursor, () => open, write, () => lastWrite);
    } catch {
      // The headers are sent: a failing read (database down) can only end the stream; the client resumes with Last-Event-ID.
    }
    res.end();
  }

  /** Writes the run's events from `cursor` as SSE frames until its terminal event (or the client leaves). */
  private async follow(dealerId: string, runId: string, from: number, isOpen: () => boolean, write: (text: string) => void, lastWrite: () => number): Promise<void> {
    let cursor = from;
    while (isOpen()) {
      const events: RunEvent[] = await this.assistant.listEvents(dealerId, runId, cursor, 100);
      for (const event of events) {
        write(`id: ${event.sequence}\nevent: ${event.type}\ndata: ${JSON.stringify(toRunEventResponse(event))}\n\n`);
        cursor = event.sequence + 1;
      }
      if (events.some((e) => e.type.startsWith('run.') && e.type !== 'run.queued' && e.type !== 'run.started')) break;
      if (events.length === 0) {
        // No terminal event yet: the run may also have ended before the cursor (a resumed, finished stream).
        const run = await this.assistant.findRun(dealerId, runId);
        if (run && isTerminal(run.status) && (await this.assistant.listEvents(dealerId, runId, cursor, 1)).length === 0) break;
        if (Date.now() - lastWrite() >= HEARTBEAT_MS) write(': keep-alive\n\n');
        // Woken at once when the run's events are committed in this process; else read again after the interval.
        await this.wakeups.next(runId, STREAM_POLL_MS);
      }
    }
  }

  @Post('threads/:threadId/runs/cancel')
  @HttpCode(202)
  @ApiOperation({ summary: "Cancel the thread's active run: `cancelled` at once if queued, else `cancelling` until the worker stops", operationId: 'cancelAssistantRun' })
  @ApiAcceptedResponse({ type: RunResponse })
  @ApiNotFoundResponse({ description: 'No such thread for this dealership' })
  @ApiConflictResponse({ description: 'The thread has no queued or running run' })
  async cancel(@CurrentDealer() dealerId: string, @Param('threadId') threadId: string): Promise<RunResponse> {
    return toRunResponse(await this.cancelRun.execute(dealerId, threadId));
  }

  @Get('predefined-tasks')
  @ApiOperation({ summary: 'The predefined tasks and their parameters', operationId: 'listAssistantTasks' })
  @ApiOkResponse({ type: [TaskResponse] })
  tasks(): TaskResponse[] {
    return PREDEFINED_TASKS.map((t) => ({
      task_key: t.task_key, name: t.name, description: t.description, category: t.category,
      parameters: t.parameters.map((p) => ({ name: p.name, type: p.type, required: p.required, description: p.description })),
    }));
  }

  @Post('predefined-tasks/:taskKey/execute')
  @HttpCode(200)
  @ApiOperation({ summary: 'Run a predefined task for the dealership', operationId: 'executeAssistantTask' })
  @ApiOkResponse({ type: TaskResultResponse })
  @ApiBadRequestResponse({ description: 'Parameters missing, unknown or out of range' })
  @ApiNotFoundResponse({ description: 'No such task' })
  async execute(@CurrentDealer() dealerId: string, @Param('taskKey') taskKey: string, @Body() body: ExecuteTaskRequest): Promise<TaskResultResponse> {
    const result = await this.executeTask.execute(dealerId, taskKey, body.parameters ?? {});
    return { ...result, completed_date: result.completed_date.toISOString() };
  }

  @Get('capabilities')
  @ApiOperation({ summary: "What the assistant can do: its tools, data sources, task categories and model", operationId: 'getAssistantCapabilities' })
  @ApiOkResponse({ type: CapabilitiesResponse })
  capabilities(): CapabilitiesResponse {
    return {
      tools: TOOLS.map((t) => ({ name: t.name, description: t.description })),
      data_sources: [...new Set(TOOLS.map((t) => t.dataSource))],
      predefined_task_categories: [...new Set(PREDEFINED_TASKS.map((t) => t.category))],
      model: this.agent.model,
    };
  }

  private async thread(dealerId: string, threadId: string) {
    const thread = await this.assistant.findThread(dealerId, threadId);
    if (!thread) throw new ThreadNotFoundError(threadId);
    return thread;
  }

  private async findRun(dealerId: string, threadId: string, runId: string): Promise<AssistantRun> {
    // One read when the run is there (its thread is then too); the thread's is only for the right 404.
    const run = await this.assistant.findRun(dealerId, runId);
    if (run && run.threadId === threadId) return run;
    await this.thread(dealerId, threadId);
    throw new RunNotFoundError(runId);
  }

  private async runsById(dealerId: string, ids: (string | null)[]): Promise<Map<string, AssistantRun>> {
    const runs = await this.assistant.findRuns(dealerId, ids.filter((id): id is string => id !== null));
    return new Map(runs.map((r) => [r.id, r]));
  }
}
