import { FieldError, ValidationError } from '../../../../libs/common/errors/domain-error';

/** Not JSON (or not UTF-8): the same code as a malformed JSON body anywhere else. */
export class MalformedNotificationError extends ValidationError {
  constructor(message = 'Malformed JSON body') {
    super(message, null, 'malformed_json');
  }
}

export class InvalidNotificationError extends ValidationError {
  constructor(problems: FieldError[]) {
    super('The notification is invalid', problems, 'partner_webhook.invalid_notification');
  }
}

export class UnsupportedApiVersionError extends ValidationError {
  constructor(given: unknown) {
    super(
      `Unsupported api-version ${JSON.stringify(given)}: use 1 or 1.0, or leave it out`,
      [{ field: 'api-version', errors: ['must be 1 or 1.0 when given'] }],
      'partner_webhook.unsupported_api_version',
    );
  }
}

/** Titles of this context's problem types (RFC 9457 `title`). */
export const PARTNER_PROBLEM_TITLES: Record<string, string> = {
  'partner_webhook.invalid_notification': 'Invalid notification',
  'partner_webhook.unsupported_api_version': 'Unsupported API version',
};
