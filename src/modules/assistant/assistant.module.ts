import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock, FixedClock, SystemClock } from '../../../libs/common/time/clock';
import { AppConfig } from '../../config/app-config';
import { ConversationsModule } from '../conversations';
import { DealershipModule } from '../dealership';
import { EngagementModule } from '../engagement';
import { InventoryModule } from '../inventory';
import { SearchModule } from '../search';
import { assistantAgentProvider } from './adapters/agent/assistant-agent.provider';
import { ConversationContextInsights } from './adapters/conversations/conversation-insights.adapter';
import { DealershipContextFacts } from './adapters/dealership/dealership-facts.adapter';
import { EngagementHandOffDesk } from './adapters/engagement/engagement-hand-off.adapter';
import { AssistantController } from './adapters/http/assistant.controller';
import { InventoryContextLookup } from './adapters/inventory/inventory-lookup.adapter';
import {
  AssistantMessageOrmEntity, AssistantRunEventOrmEntity, AssistantRunOrmEntity, AssistantThreadOrmEntity,
} from './adapters/persistence/assistant.orm-entity';
import { RunOutboxMetrics } from './adapters/metrics/run-outbox.metrics';
import { TypeOrmAssistantRepository } from './adapters/persistence/typeorm-assistant.repository';
import { QueueRunScheduler } from './adapters/queue/queue-run-scheduler';
import { AssistantSettings } from './application/assistant-settings';
import { CancelRunUseCase } from './application/cancel-run.use-case';
import { ExecuteRunUseCase } from './application/execute-run.use-case';
import { ExecuteTaskUseCase } from './application/execute-task.use-case';
import { RunWakeups } from './application/run-wakeups';
import { SendMessageUseCase } from './application/send-message.use-case';
import { SweepRunsUseCase } from './application/sweep-runs.use-case';
import { AssistantRepository } from './domain/assistant.repository';
import { ConversationInsights } from './domain/conversation-statistics';
import { DealershipFactsSource } from './domain/dealership-facts';
import { HandOffDesk } from './domain/hand-off';
import { InventoryLookup } from './domain/inventory-lookup';
import { RunScheduler } from './domain/run-scheduler';

/**
 * The assistant (decisions.md section 9): threads and runs recorded by the API, executed on the
 * `assistant-runs` queue by the worker root (AssistantWorkerModule), with a LangChain agent whose
 * tools reach inventory, search, dealership and conversations through ports this context owns.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([AssistantThreadOrmEntity, AssistantRunOrmEntity, AssistantMessageOrmEntity, AssistantRunEventOrmEntity]),
    InventoryModule, SearchModule, DealershipModule, ConversationsModule, EngagementModule,
  ],
  controllers: [AssistantController],
  providers: [
    { provide: AssistantRepository, useClass: TypeOrmAssistantRepository },
    { provide: RunScheduler, useClass: QueueRunScheduler },
    { provide: InventoryLookup, useClass: InventoryContextLookup },
    { provide: DealershipFactsSource, useClass: DealershipContextFacts },
    { provide: ConversationInsights, useClass: ConversationContextInsights },
    { provide: HandOffDesk, useClass: EngagementHandOffDesk },
    {
      provide: AssistantSettings,
      inject: [AppConfig],
      useFactory: (config: AppConfig): AssistantSettings => ({
        runDeadlineMs: config.assistant.runDeadlineMs,
        stalledAfterMs: config.assistant.workerTimeoutMs,
        // Several beats per timeout, so one slow write does not look like a lost worker.
        heartbeatMs: Math.min(1000, config.assistant.workerTimeoutMs / 5),
      }),
    },
    {
      provide: Clock,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Clock => (config.assistant.fixedTime ? new FixedClock(config.assistant.fixedTime) : new SystemClock()),
    },
    assistantAgentProvider,
    RunOutboxMetrics,
    SendMessageUseCase,
    CancelRunUseCase,
    ExecuteTaskUseCase,
    ExecuteRunUseCase,
    SweepRunsUseCase,
    RunWakeups,
  ],
  exports: [ExecuteRunUseCase, SweepRunsUseCase],
})
export class AssistantModule {}
