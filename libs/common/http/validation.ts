import { ValidationError as ClassValidatorError, ValidationPipe } from '@nestjs/common';
import { FieldError, ValidationError } from '../errors/domain-error';

/** class-validator's nested errors as `[{ field: "a.b", errors: [...] }]`. */
function flattenValidationErrors(errors: ClassValidatorError[], prefix = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own: FieldError[] = e.constraints ? [{ field, errors: Object.values(e.constraints) }] : [];
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
