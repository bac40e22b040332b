/**
 * The registry of what the assistant can do: its tools (the agent calls them; each is bound to the
 * caller's dealership when a run's toolbox is built, so no argument can name another dealership)
 * and where their data comes from. Capabilities are read from here, never listed twice.
 */
export interface ToolParameter {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean';
  required: boolean;
  description: string;
}

export interface ToolDescriptor {
  name: string;
  description: string;
  dataSource: 'inventory' | 'dealership' | 'conversations';
  parameters: ToolParameter[];
}

export const TOOLS = [
  {
    name: 'search_inventory',
    description: 'Search the dealership\'s new and used cars in plain language ("red AWD SUV under 30k", "cheapest Civic", "newest truck"); returns how many match, the first few with price and mileage, and `understood`: false when the query named nothing search knows (the cars are then any of the stock).',
    dataSource: 'inventory',
    parameters: [
      { name: 'query', type: 'string', required: true, description: 'what the customer is looking for, in their words' },
      { name: 'take', type: 'integer', required: false, description: 'how many cars to return (1-10, default 5)' },
      { name: 'refine', type: 'boolean', required: false, description: 'true when the query narrows or changes the thread\'s last search ("of those", "what about silver?", "the cheapest one"): its conditions replace the last search\'s on the same attributes and keep the others' },
    ],
  },
  {
    name: 'get_vehicle',
    description: 'One car by its VIN: year, make, model, trim, price, mileage, colour, condition.',
    dataSource: 'inventory',
    parameters: [{ name: 'vin', type: 'string', required: true, description: 'the 17-character VIN' }],
  },
  {
    name: 'inventory_summary',
    description: 'Counts of the dealership\'s cars (new, used, by make) and the price range.',
    dataSource: 'inventory',
    parameters: [],
  },
  {
    name: 'dealership_info',
    description: 'The dealership\'s name, address (or contact link), phone numbers, emails, website links, opening hours, and the day and time there now (`now`, in its time zone).',
    dataSource: 'dealership',
    parameters: [],
  },
  {
    name: 'finance_estimate',
    description: 'Monthly finance payment estimates from the dealership\'s finance calculator, for a car (VIN) or a price.',
    dataSource: 'dealership',
    parameters: [
      { name: 'vin', type: 'string', required: false, description: 'the car to estimate for' },
      { name: 'price', type: 'number', required: false, description: 'an amount to finance when there is no VIN' },
      { name: 'down_payment', type: 'number', required: false, description: 'paid up front (default 0)' },
      { name: 'term_months', type: 'integer', required: false, description: 'only this term, when the calculator has it (default: every term)' },
    ],
  },
  {
    name: 'lease_estimate',
    description: 'Monthly lease payment estimates from the dealership\'s lease calculator, for a car (VIN) or a price.',
    dataSource: 'dealership',
    parameters: [
      { name: 'vin', type: 'string', required: false, description: 'the car to estimate for' },
      { name: 'price', type: 'number', required: false, description: 'a price when there is no VIN' },
      { name: 'term_months', type: 'integer', required: false, description: 'only this term, when the calculator has it (default: every term)' },
    ],
  },
  {
    name: 'conversation_statistics',
    description: 'The dealership\'s customer conversations: totals by channel and status, how many await a reply, how many were active recently; '
      + 'given a channel, a status or awaiting_reply, also `matching`: how many conversations meet all of them.',
    dataSource: 'conversations',
    parameters: [
      { name: 'days', type: 'integer', required: false, description: 'what counts as recent, in days (default 7)' },
      { name: 'channel', type: 'string', required: false, description: 'count only conversations on this channel (sms, email, webchat, ...)' },
      { name: 'status', type: 'string', required: false, description: 'count only conversations with this status (Active, Paused, Ended)' },
      { name: 'awaiting_reply', type: 'boolean', required: false, description: 'count only conversations awaiting our reply (true) or not (false)' },
    ],
  },
] as const satisfies readonly ToolDescriptor[];

export type ToolName = (typeof TOOLS)[number]['name'];

/** The tools of one run, bound to its dealership. Results are plain data (JSON-able). */
export interface Toolbox {
  call(name: ToolName, args: Record<string, unknown>): Promise<unknown>;
}
