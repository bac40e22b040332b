import { Logger } from '@nestjs/common';

export interface LogLine {
  level: 'log' | 'warn' | 'error';
  context: string | undefined;
  message: string;
  /** The structured fields a line carries (`logger.warn({ ... }, 'message')`). */
  fields: Record<string, unknown>;
}

/**
 * From here to `jest.restoreAllMocks()`, what the code's Nest loggers write is kept out of the
 * test's output and collected for the test to assert: a line a test expects is checked, not printed.
 * Outside an app (unit specs) Nest's loggers print straight to the console.
 */
export function captureNestLogs(): LogLine[] {
  const lines: LogLine[] = [];
  for (const level of ['log', 'warn', 'error'] as const) {
    jest.spyOn(Logger.prototype, level).mockImplementation(function (this: Logger, first: unknown, ...rest: unknown[]) {
      const fields = typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {};
      const message = typeof first === 'string' ? first : typeof rest[0] === 'string' ? rest[0] : '';
      lines.push({ level, context: (this as unknown as { context?: string }).context, message, fields });
    });
  }
  return lines;
}
