import { Injectable, OnModuleInit } from '@nestjs/common';
import { ServiceMetrics } from '../../../../../libs/common/metrics/service-metrics';
import { AssistantRepository } from '../../domain/assistant.repository';

/** `outbox_oldest_age_seconds{kind="run"}`: the oldest run accepted (202) and not started yet. */
@Injectable()
export class RunOutboxMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly assistant: AssistantRepository,
  ) {}

  onModuleInit(): void {
    this.metrics.watchOutbox('run', () => this.assistant.oldestQueued());
  }
}
