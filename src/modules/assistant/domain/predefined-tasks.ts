import { FieldError } from '../../../../libs/common/errors/domain-error';
import { ToolParameter } from './assistant-tools';

export interface TaskDescriptor {
  task_key: string;
  name: string;
  description: string;
  category: 'inventory' | 'conversations' | 'finance';
  parameters: (ToolParameter & { default?: string | number; min?: number; max?: number; values?: readonly string[] })[];
}

/** The predefined tasks a dealership runs on demand (POST .../predefined-tasks/{taskKey}/execute). */
export const PREDEFINED_TASKS = [
  {
    task_key: 'inventory_summary', name: 'Inventory summary', category: 'inventory',
    description: 'How many new and used cars are in stock, by make, with the price range and average.',
    parameters: [],
  },
  {
    task_key: 'aged_inventory', name: 'Aged inventory', category: 'inventory',
    description: 'Cars listed for at least a number of days, oldest first, with their price.',
    parameters: [
      { name: 'min_days', type: 'integer', required: false, description: 'minimum days in stock', default: 60, min: 1, max: 3650 },
      { name: 'take', type: 'integer', required: false, description: 'how many cars to list', default: 10, min: 1, max: 50 },
    ],
  },
  {
    task_key: 'conversation_digest', name: 'Conversation digest', category: 'conversations',
    description: 'Customer conversations at a glance: totals by channel and status, recent activity, and how many await a reply.',
    parameters: [{ name: 'days', type: 'integer', required: false, description: 'what counts as recent, in days', default: 7, min: 1, max: 365 }],
  },
  {
    task_key: 'follow_up_draft', name: 'Follow-up draft', category: 'conversations',
    description: 'A follow-up message to send in a conversation, drafted from its last messages (not sent).',
    parameters: [{ name: 'conversation_id', type: 'string', required: true, description: 'the conversation to follow up' }],
  },
  {
    task_key: 'price_position', name: 'Price position', category: 'inventory',
    description: 'How a car\'s price compares with the dealership\'s similar cars (same make and model).',
    parameters: [{ name: 'vin', type: 'string', required: true, description: 'the car to position' }],
  },
  {
    task_key: 'payment_estimate', name: 'Finance and lease estimate', category: 'finance',
    description: 'Monthly finance and lease payments for a car from the dealership\'s calculators.',
    parameters: [
      { name: 'vin', type: 'string', required: true, description: 'the car to estimate for' },
      { name: 'down_payment', type: 'number', required: false, description: 'paid up front for financing', default: 0, min: 0, max: 10_000_000 },
    ],
  },
] as const satisfies readonly TaskDescriptor[];

export type TaskKey = (typeof PREDEFINED_TASKS)[number]['task_key'];

export function findTask(taskKey: string): TaskDescriptor | null {
  return (PREDEFINED_TASKS as readonly TaskDescriptor[]).find((t) => t.task_key === taskKey) ?? null;
}

/** The task's parameters checked against its declaration, defaults applied; or the problems by field. */
export function validateTaskParameters(task: TaskDescriptor, given: unknown): { values: Record<string, string | number> } | { problems: FieldError[] } {
  const problems: FieldError[] = [];
  const values: Record<string, string | number> = {};
  if (given !== undefined && given !== null && (typeof given !== 'object' || Array.isArray(given))) {
    return { problems: [{ field: 'parameters', errors: ['parameters must be an object'] }] };
  }
  const input = (given ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!task.parameters.some((p) => p.name === key)) problems.push({ field: `parameters.${key}`, errors: [`${key} is not a parameter of ${task.task_key}`] });
  }
  for (const p of task.parameters) {
    const field = `parameters.${p.name}`;
    const value = input[p.name];
    if (value === undefined || value === null || value === '') {
      if (p.required) problems.push({ field, errors: [`${p.name} is required`] });
      else if (p.default !== undefined) values[p.name] = p.default;
      continue;
    }
    if (p.type === 'string') {
      if (typeof value !== 'string' || value.length > 200) problems.push({ field, errors: [`${p.name} must be a string of at most 200 characters`] });
      else values[p.name] = value.trim();
      continue;
    }
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (!Number.isFinite(n) || (p.type === 'integer' && !Number.isInteger(n))) {
      problems.push({ field, errors: [`${p.name} must be ${p.type === 'integer' ? 'an integer' : 'a number'}`] });
    } else if ((p.min !== undefined && n < p.min) || (p.max !== undefined && n > p.max)) {
      problems.push({ field, errors: [`${p.name} must be between ${p.min} and ${p.max}`] });
    } else values[p.name] = n;
  }
  return problems.length ? { problems } : { values };
}
