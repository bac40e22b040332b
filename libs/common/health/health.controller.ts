import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/auth.decorators';
import { JobQueue } from '../queue/job-queue';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
  ) {}

  /** The process is up. */
  @Get('live')
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The database and the queue answer; 503 otherwise. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<{ status: string; checks: Record<string, string> }> {
    const [database, queue] = await Promise.all([
      this.dataSource.isInitialized ? this.dataSource.query('SELECT 1').then(() => 'up', () => 'down') : Promise.resolve('down'),
      this.queue.ping().then((ok) => (ok ? 'up' : 'down'), () => 'down'),
    ]);
    const ok = database === 'up' && queue === 'up';
    if (!ok) {
      res.status(503).setHeader('Retry-After', '5');
    }
    return { status: ok ? 'ok' : 'unavailable', checks: { database, queue } };
  }
}
