import type { OpenAPIObject } from '@nestjs/swagger';
import type {
  HeaderObject, OperationObject, ReferenceObject, ResponseObject, SchemaObject, SecurityRequirementObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { STATUS_CODES } from 'node:http';
import { PROBLEM_DETAILS_PATH_PREFIX } from './error-body';

/**
 * The house rules every operation of the document follows, applied once to the generated document
 * rather than repeated on each route (decisions.md section 2): every 4xx/5xx answer has the error
 * body (problem details on webhooks) with an example and its headers; a route without credentials
 * says so (`security: []`); signature schemes are required together with Basic, not instead of it.
 */
export function applyApiConventions(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ErrorBody: ERROR_BODY, ProblemDetails: PROBLEM_DETAILS };
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const problems = route.toLowerCase().startsWith(PROBLEM_DETAILS_PATH_PREFIX);
      operation.responses.default ??= { description: ANY_OTHER_ERROR };
      for (const [status, response] of Object.entries(operation.responses)) {
        // A route that documents its own error body (health answers its checks with the 503) keeps it.
        if (/^[45]\d\d$|^default$/.test(status) && !(response as ResponseObject).content) describeError(response as ResponseObject, status === 'default' ? 500 : Number(status), problems, route);
      }
      operation.security = combinedSecurity(operation);
      nameInlineSchemas(document, operation);
      exemplify(document, operation);
    }
  }
  return document;
}

/**
 * Every request and response body gets an example, composed from its schema: the properties' own
 * examples (`@example` in the DTOs' doc comments), else their default, first enum value or lower
 * bound, else a plain value of the property's type and format. Swagger UI pre-fills requests with it.
 */
function exemplify(document: OpenAPIObject, operation: OperationObject): void {
  const schemas = document.components?.schemas ?? {};
  const medias = [
    ...Object.values(operation.requestBody && !('$ref' in operation.requestBody) ? operation.requestBody.content : {}),
    ...Object.values(operation.responses).flatMap((r) => Object.values((r as ResponseObject).content ?? {})),
  ];
  for (const media of medias) {
    if (media.schema && media.example === undefined && media.examples === undefined) media.example = exampleOf(media.schema, schemas, '', new Set());
  }
}

function exampleOf(schema: SchemaObject | ReferenceObject, schemas: Record<string, SchemaObject | ReferenceObject>, name: string, seen: ReadonlySet<string>): unknown {
  if ('$ref' in schema) {
    // A schema that contains itself (a filter node's arguments) is shown one level deep.
    if (seen.has(schema.$ref)) return undefined;
    return exampleOf(schemas[schema.$ref.split('/').pop()!] ?? {}, schemas, name, new Set([...seen, schema.$ref]));
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.length) return exampleOf(alternatives[0], schemas, name, seen);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, schemas, name, seen)));
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, schemas, key, seen) ?? null]));
    case 'array': {
      const item = schema.items ? exampleOf(schema.items, schemas, name, seen) : undefined;
      return item === undefined ? [] : [item];
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      return stringExample(schema.format, name);
    default:
      return null;
  }
}

function stringExample(format: string | undefined, name: string): string {
  if (format === 'date-time' || name.endsWith('_date') || name.endsWith('_at')) return '2026-11-24T15:30:00.000Z';
  if (format === 'date') return '2026-11-24';
  if (format === 'uuid') return '0b9c5f3e-6f1a-4c2d-9e8b-3a7d2c1f4e5a';
  if (name === 'dealer_id') return 'demo-motors';
  if (format === 'binary') return '(file contents)';
  if (format === 'email' || name.includes('email')) return 'ana.ruiz@example.com';
  if (format === 'uri' || name.includes('url')) return 'https://demo-motors.example.com/';
  if (name.includes('phone')) return '+14165550101';
  if (name === 'vin') return '1HGCV1F34LA012345';
  return name ? name.replaceAll('_', ' ') : 'string';
}

/**
 * A request or response schema written inline on a route (a multipart form, a shape inferred from
 * an example) becomes a named component, `<OperationId>Request` / `<OperationId>Response`, so
 * generated clients get a type name for every body.
 */
function nameInlineSchemas(document: OpenAPIObject, operation: OperationObject): void {
  const base = operation.operationId ? operation.operationId[0].toUpperCase() + operation.operationId.slice(1) : null;
  if (!base) return;
  const name = (media: { schema?: SchemaObject | ReferenceObject }, suffix: string) => {
    if (!media.schema || '$ref' in media.schema || (media.schema.type !== 'object' && media.schema.type !== 'array')) return;
    if (document.components!.schemas![`${base}${suffix}`]) throw new Error(`OpenAPI: two inline schemas would both be named ${base}${suffix}; give one a DTO class`);
    document.components!.schemas![`${base}${suffix}`] = media.schema;
    media.schema = { $ref: `#/components/schemas/${base}${suffix}` };
  };
  const body = operation.requestBody;
  if (body && !('$ref' in body)) for (const media of Object.values(body.content)) name(media, 'Request');
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2/.test(status) || !response || '$ref' in response) continue;
    for (const media of Object.values((response as ResponseObject).content ?? {})) name(media, 'Response');
  }
}

const ERROR_BODY: SchemaObject = {
  type: 'object',
  description: 'The error body of every endpoint but the webhooks (decisions.md section 2)',
  required: ['message', 'details'],
  properties: {
    message: { type: 'string', description: 'What went wrong, for a person' },
    details: {
      anyOf: [{ type: 'array', items: { type: 'object', additionalProperties: true } }, { type: 'object', nullable: true, additionalProperties: true }],
      description: 'Validation failures as `{ field, errors[] }` (at most 20, then `{ more: N }`), the bulk result of a refused upload, `{ request_id }` on a 500; else null',
    },
  },
  example: { message: 'Request validation failed', details: [{ field: 'take', errors: ['take must not be greater than 100'] }] },
};

const PROBLEM_DETAILS: SchemaObject = {
  type: 'object',
  description: 'RFC 9457 problem details: every failure of a webhook',
  required: ['type', 'title', 'status', 'detail', 'instance'],
  properties: {
    type: { type: 'string', description: 'A URN naming the problem' },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string' },
    instance: { type: 'string', description: 'The request path' },
    request_id: { type: 'string' },
    errors: {
      type: 'array',
      description: 'Validation failures',
      items: { type: 'object', properties: { field: { type: 'string' }, errors: { type: 'array', items: { type: 'string' } } } },
    },
  },
  example: {
    type: 'urn:dealer-api:problem:webhook.signature_invalid', title: 'Invalid signature', status: 401,
    detail: 'X-Partner-Signature does not match the request body', instance: '/api/v1/webhooks/partner/integration-enabled',
  },
};

/** Details the service gives with these statuses (others: null); the message is the route's own description. */
const DETAILS_EXAMPLES: Record<number, unknown> = {
  422: {
    num_deletes: 120, num_failed_deletes: 0, num_inserts: 4, num_failed_inserts: 6, delete_errors: [],
    insert_errors: [{ index: 2, id: '1HGCV1F34LA01234', error: { code: 1002, reason: 'vin must be 17 characters of A-H, J-N, P, R-Z and 0-9' }, has_error: true }],
  },
  500: { request_id: '3f0c9a52-5b1e-4f57-9a8e-2f1a3c4d5e6f' },
};

/** What every route can also answer, whatever it documents (the filter, the body parser, the database). */
const ANY_OTHER_ERROR = 'Any other error, as on every route: malformed JSON or a body over the key/depth limits (400), a body over BODY_LIMIT_BYTES (413), the database unreachable (503, `Retry-After`), unexpected (500, only the request id)';

const RETRY_AFTER: HeaderObject = { description: 'Seconds to wait before trying again', schema: { type: 'integer', example: 5 } };
const HEADERS_BY_STATUS: Record<number, Record<string, HeaderObject>> = {
  401: { 'WWW-Authenticate': { description: 'The Basic challenge', schema: { type: 'string', example: 'Basic realm="dealer-api", charset="UTF-8"' } } },
  429: { 'Retry-After': RETRY_AFTER },
  503: { 'Retry-After': RETRY_AFTER },
};

function describeError(response: ResponseObject, status: number, problems: boolean, route: string): void {
  const message = response.description || STATUS_CODES[status] || 'Error';
  response.content = problems
    ? {
      'application/problem+json': {
        schema: { $ref: '#/components/schemas/ProblemDetails' },
        example: { type: `urn:dealer-api:problem:http_${status}`, title: STATUS_CODES[status] ?? 'Error', status, detail: message, instance: route },
      },
    }
    : { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' }, example: { message, details: DETAILS_EXAMPLES[status] ?? null } } };
  if (HEADERS_BY_STATUS[status]) response.headers = { ...HEADERS_BY_STATUS[status], ...response.headers };
}

/**
 * Decorators add security requirements one at a time, which OpenAPI reads as alternatives; a route
 * that needs Basic and a signature gets both in one requirement, so the looser one goes. No
 * requirement at all means a public route: said explicitly with `[]`.
 */
function combinedSecurity(operation: OperationObject): SecurityRequirementObject[] {
  const requirements = operation.security ?? [];
  const schemes = (r: SecurityRequirementObject) => Object.keys(r);
  return requirements.filter((r) => !requirements.some((other) => other !== r && schemes(other).length > schemes(r).length && schemes(r).every((s) => s in other)));
}
