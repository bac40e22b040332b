import { ValidationError as ClassValidatorError, ValidationPipe } from '@nestjs/common';
import { FieldError, ValidationError } from '../errors/domain-error';

/** Constraints on a value's type: when one fails, the others (ranges, lengths) say nothing true ("abc" is not "greater than 500"). */
const TYPE_CONSTRAINTS = new Set(['isInt', 'isNumber', 'isBoolean', 'isDate', 'isString', 'isObject', 'isArray']);

/** The messages of a field's failed constraints: only the type's when the value has the wrong type. */
function messagesOf(constraints: Record<string, string>): string[] {
  const type = Object.entries(constraints).filter(([name]) => TYPE_CONSTRAINTS.has(name));
  return (type.length > 0 ? type : Object.entries(constraints)).map(([, message]) => message);
}

/** class-validator's nested errors as `[{ field: "a.b", errors: [...] }]`. */
function flattenValidationErrors(errors: ClassValidatorError[], prefix = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own: FieldError[] = e.constraints ? [{ field, errors: messagesOf(e.constraints) }] : [];
    return [...own, ...flattenValidationErrors(e.children ?? [], field)];
  });
}

/** Global pipe: unknown fields are refused, numbers and booleans are converted only when well-formed. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    exceptionFactory: (errors) => new ValidationError('Request validation failed', flattenValidationErrors(errors)),
  });
}
