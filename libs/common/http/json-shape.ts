import type { NextFunction, Request, Response } from 'express';
import { ValidationError } from '../errors/domain-error';

/** decisions.md section 1: at most 1,000 object keys in all and nesting depth 32. */
const JSON_BODY_LIMITS = { maxKeys: 1000, maxDepth: 32 };

/** Keys that could reach an object's prototype: refused like any unknown field. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface JsonShapeProblem {
  message: string;
  details: { field: string; errors: string[] }[] | null;
}

/**
 * One pass over a parsed JSON value, without recursion (any depth is safe), stopping at the first
 * limit crossed: so what a refusal costs does not grow with what the caller sent past the limits.
 */
export function jsonShapeProblem(value: unknown, limits: { maxKeys: number; maxDepth: number } = JSON_BODY_LIMITS): JsonShapeProblem | null {
  let keys = 0;
  const pending: [unknown, number, string][] = [[value, 0, '']];
  while (pending.length > 0) {
    const [node, depth, path] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limits.maxDepth) return { message: `JSON nested deeper than ${limits.maxDepth} levels`, details: null };
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) pending.push([node[i], depth + 1, `${path}[${i}]`]);
      continue;
    }
    for (const key of Object.keys(node)) {
      if (++keys > limits.maxKeys) return { message: `JSON with more than ${limits.maxKeys} object keys`, details: null };
      const field = path ? `${path}.${key}` : key;
      if (FORBIDDEN_KEYS.has(key)) return { message: 'Request validation failed', details: [{ field, errors: [`property ${key} should not exist`] }] };
      pending.push([(node as Record<string, unknown>)[key], depth + 1, field]);
    }
  }
  return null;
}

/** After the JSON body parser: a body over the limits is a 400 before any validation runs. */
export function refuseOversizedJsonShapes(req: Request, _res: Response, next: NextFunction): void {
  const problem = req.body !== undefined && typeof req.body === 'object' ? jsonShapeProblem(req.body) : null;
  next(problem ? new ValidationError(problem.message, problem.details, 'json_shape') : undefined);
}
