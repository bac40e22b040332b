import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * An OpenAPI schema inferred from a fully populated example value, for response shapes that are
 * defined by a domain default object (the dealership profile) rather than by a DTO class.
 */
export function schemaFromExample(example: unknown): SchemaObject {
  if (Array.isArray(example)) return { type: 'array', items: example.length ? schemaFromExample(example[0]) : {} };
  if (example === null) return { nullable: true };
  switch (typeof example) {
    case 'string':
      return { type: 'string', example };
    case 'number':
      return { type: Number.isInteger(example) ? 'integer' : 'number', example };
    case 'boolean':
      return { type: 'boolean', example };
    case 'object': {
      const entries = Object.entries(example as Record<string, unknown>);
      return {
        type: 'object',
        required: entries.map(([k]) => k),
        properties: Object.fromEntries(entries.map(([k, v]) => [k, schemaFromExample(v)])),
      };
    }
    default:
      return {};
  }
}
