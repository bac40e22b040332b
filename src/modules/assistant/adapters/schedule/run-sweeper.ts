import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../../../config/app-config';
import { SweepRunsUseCase } from '../../application/sweep-runs.use-case';

/** Runs the sweep on a timer in every worker (several sweeping is harmless: every transition is a compare-and-set). */
@Injectable()
export class RunSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AssistantSweep');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly sweep: SweepRunsUseCase,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep.execute()
        .then((counts) => {
          if (counts.handedOver + counts.expired + counts.retried + counts.failed > 0) this.logger.log(counts, 'assistant runs swept');
        })
        .catch((err: unknown) => this.logger.warn({ err }, 'assistant sweep failed; next round retries'))
        .finally(() => {
          this.running = null;
        });
    }, this.config.assistant.sweepIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
