import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { BullJobQueue } from './bull-job-queue';
import { JobQueue } from './job-queue';

/** Where the operator's queue board is served (decisions.md section 13). */
export const OPERATOR_BOARD_PATH = '/admin/queues';

/**
 * Bull Board over every queue this process registered (the worker root's queues: each process
 * registers them all). It reads and acts on Redis, so any API process shows every worker's jobs.
 * The embedded default's in-process queues are not Bull's: the board says so, and `/metrics`
 * (`queue_jobs`) shows their counts.
 */
export function queueBoard(queue: JobQueue, basePath: string): RequestHandler {
  if (!(queue instanceof BullJobQueue)) return inProcessNotice;
  const serverAdapter = new ExpressAdapter().setBasePath(basePath);
  createBullBoard({
    queues: queue.bullQueues().map((q) => new BullAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Dealership API queues' } },
  });
  return serverAdapter.getRouter() as RequestHandler;
}

function inProcessNotice(_req: Request, res: Response, _next: NextFunction): void {
  res.status(404).json({
    message: 'The queue board shows Bull queues (REDIS_URL); this process runs the in-process queues of the embedded default, whose counts are in /metrics (queue_jobs)',
    details: null,
  });
}
