import * as fs from 'node:fs';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { finalize, Observable } from 'rxjs';
import { OwnedUploadFiles } from './upload-folder';

/**
 * Uploads are spooled to a temporary file (memory stays flat); this removes it once the request
 * is over, however it ended (validation failure before the handler included).
 */
@Injectable()
export class UploadCleanupInterceptor implements NestInterceptor {
  constructor(private readonly owned: OwnedUploadFiles) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      finalize(() => {
        const file = request.file;
        // Released once gone: until then a sweep must not take it for abandoned.
        if (file?.path) fs.rm(file.path, { force: true }, () => this.owned.release(file.path));
      }),
    );
  }
}
