import { Module } from '@nestjs/common';
import { AssistantRunsProcessor } from './adapters/queue/assistant-runs.processor';
import { RunSweeper } from './adapters/schedule/run-sweeper';
import { AssistantModule } from './assistant.module';

/** The assistant's background work: executing runs, and the sweep that keeps every run's promise (composed by the worker root). */
@Module({
  imports: [AssistantModule],
  providers: [AssistantRunsProcessor, RunSweeper],
})
export class AssistantWorkerModule {}
