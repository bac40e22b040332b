import { Transform } from 'class-transformer';

/**
 * An empty or blank string is treated as absent (undefined), so `@IsOptional()` skips it: clients
 * send `Channel=` for an unset query parameter, and forms and CRM exports send `""` for unknown
 * body fields. Used by the conversations query and the engage body; a candidate for libs/common/http.
 */
export function EmptyAsAbsent(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : value));
}
