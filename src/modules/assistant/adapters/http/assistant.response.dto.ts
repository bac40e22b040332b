import { ApiProperty } from '@nestjs/swagger';
import { AssistantRun, AssistantThread, isTerminal, RUN_OUTCOMES, RunEvent, ThreadMessage } from '../../domain/assistant-run';
import { HandOffDestination, summariseHandOff } from '../../domain/hand-off';

export class ThreadResponse {
  thread_id!: string;
  dealer_id!: string;
  title!: string;
  objective!: string;
  @ApiProperty({ enum: ['idle', 'busy'] }) status!: 'idle' | 'busy';
  latest_run_id!: string | null;
  created_date!: string;
  last_modified_date!: string;
}

export class HandOffDestinationResponse {
  @ApiProperty({ enum: ['adf_email', 'html_email', 'chat_notification'] }) kind!: string;
  /** The email address or the chat notification URL. */
  to!: string;
  @ApiProperty({ enum: ['queued', 'retrying', 'sent', 'failed'] }) delivery_status!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Why the last attempt failed; null otherwise' }) delivery_error!: string | null;
}

export class HandOffResponse {
  @ApiProperty({
    enum: ['no_destination', 'pending', 'sent', 'failed', 'partially_sent'],
    description: '`no_destination`: the profile names no one to pass leads to (the reply gave the sales contact instead); `pending` while a copy waits for delivery',
  })
  status!: string;
  @ApiProperty({ type: [HandOffDestinationResponse] }) destinations!: HandOffDestinationResponse[];
}

export class RunResponse {
  run_id!: string;
  thread_id!: string;
  dealer_id!: string;
  @ApiProperty({ enum: ['queued', 'in_progress', 'cancelling', 'completed', 'failed', 'cancelled', 'expired'] }) status!: string;
  last_error!: string | null;
  result_summary!: string | null;
  @ApiProperty({ enum: RUN_OUTCOMES, nullable: true, description: '`answered`, `handed_off` (passed to staff) or `unanswered` (failed, expired or cancelled; `outcome_code` says why); null only while the run runs' })
  outcome!: string | null;
  outcome_code!: string | null;
  @ApiProperty({ type: 'integer' }) step_index!: number;
  created_date!: string;
  started_date!: string | null;
  completed_date!: string | null;
  last_modified_date!: string;
  @ApiProperty({ type: HandOffResponse, nullable: true, description: "The lead passed to the dealership's people when the run handed off (ADF email, HTML email, chat notification, as the profile names them), each destination with its delivery; null when there was none" })
  handoff!: HandOffResponse | null;
}

export class ThreadMessageResponse {
  message_id!: string;
  dealer_id!: string;
  thread_id!: string;
  run_id!: string;
  @ApiProperty({ enum: ['user', 'assistant'] }) role!: string;
  content!: string;
  run_status!: string | null;
  run_outcome!: string | null;
  metadata_code!: string | null;
  date_created!: string;
}

export class RunEventResponse {
  @ApiProperty({ type: 'integer' }) sequence!: number;
  type!: string;
  summary!: string;
  payload_json!: string;
  date_created!: string;
}

export class RunEventPageResponse {
  @ApiProperty({ type: 'integer' }) cursor!: number;
  @ApiProperty({ type: 'integer' }) next_cursor!: number;
  @ApiProperty({ type: [RunEventResponse] }) events!: RunEventResponse[];
}

export class SendMessageResponse {
  thread_id!: string;
  run_id!: string;
  thread_status!: string;
  run_status!: string;
  run_outcome!: string | null;
  run_outcome_code!: string | null;
}

export class TaskResultResponse {
  task_key!: string;
  dealer_id!: string;
  status!: string;
  output!: string;
  completed_date!: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toThreadResponse(thread: AssistantThread, latestRun: AssistantRun | undefined): ThreadResponse {
  return {
    thread_id: thread.id, dealer_id: thread.dealerId, title: thread.title, objective: thread.objective,
    status: latestRun && !isTerminal(latestRun.status) ? 'busy' : 'idle', latest_run_id: thread.latestRunId,
    created_date: thread.createdDate.toISOString(), last_modified_date: thread.lastModifiedDate.toISOString(),
  };
}

/** `handoff`: the run's lead destinations, read only for a run that handed off (else null). */
export function toRunResponse(run: AssistantRun, handOff: readonly HandOffDestination[] | null = null): RunResponse {
  const summary = run.outcome === 'handed_off' ? summariseHandOff(handOff ?? []) : null;
  return {
    run_id: run.id, thread_id: run.threadId, dealer_id: run.dealerId, status: run.status, last_error: run.lastError, result_summary: run.resultSummary,
    outcome: run.outcome, outcome_code: run.outcomeCode, step_index: run.stepIndex, created_date: run.createdDate.toISOString(),
    started_date: iso(run.startedDate), completed_date: iso(run.completedDate), last_modified_date: run.lastModifiedDate.toISOString(),
    handoff: summary && {
      status: summary.status,
      destinations: summary.destinations.map((d) => ({ kind: d.kind, to: d.to, delivery_status: d.deliveryStatus, delivery_error: d.deliveryError })),
    },
  };
}

export function toThreadMessageResponse(message: ThreadMessage, run: AssistantRun | undefined): ThreadMessageResponse {
  return {
    message_id: message.id, dealer_id: message.dealerId, thread_id: message.threadId, run_id: message.runId, role: message.role,
    content: message.content, run_status: run?.status ?? null, run_outcome: run?.outcome ?? null, metadata_code: message.metadataCode,
    date_created: message.dateCreated.toISOString(),
  };
}

export function toRunEventResponse(event: RunEvent): RunEventResponse {
  return { sequence: event.sequence, type: event.type, summary: event.summary, payload_json: JSON.stringify(event.payload), date_created: event.dateCreated.toISOString() };
}

export class TaskParameterResponse {
  /** @example min_days */
  name!: string;
  @ApiProperty({ enum: ['string', 'integer', 'number', 'boolean'], example: 'integer' })
  type!: string;
  required!: boolean;
  /** @example minimum days in stock */
  description!: string;
}

/** A predefined task (GET /api/v1/assistant/predefined-tasks). */
export class TaskResponse {
  /** @example aged_inventory */
  task_key!: string;
  /** @example Aged inventory */
  name!: string;
  /** @example Cars in stock longer than a number of days, oldest first */
  description!: string;
  /** @example inventory */
  category!: string;
  @ApiProperty({ type: () => [TaskParameterResponse] })
  parameters!: TaskParameterResponse[];
}

export class ToolResponse {
  /** @example search_inventory */
  name!: string;
  /** @example Count or list the dealership's cars matching a plain-language query */
  description!: string;
}

export class AssistantModelResponse {
  /**
   * `built-in` (the offline model) or `openai-compatible` (LLM_*).
   * @example built-in
   */
  provider!: string;
  /** @example dealer-api-offline */
  name!: string;
}

/** What the assistant can do (GET /api/v1/assistant/capabilities). */
export class CapabilitiesResponse {
  @ApiProperty({ type: () => [ToolResponse] })
  tools!: ToolResponse[];
  @ApiProperty({ type: [String], example: ['inventory', 'dealership', 'conversations'] })
  data_sources!: string[];
  @ApiProperty({ type: [String], example: ['inventory', 'conversations', 'finance'] })
  predefined_task_categories!: string[];
  model!: AssistantModelResponse;
}
