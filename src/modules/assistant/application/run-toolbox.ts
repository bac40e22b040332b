import { ToolName, Toolbox } from '../domain/assistant-tools';
import { ConversationFilter, ConversationInsights } from '../domain/conversation-statistics';
import { weeklyHours } from '../../../../libs/common/hours/opening-hours';
import { wallClock } from '../../../../libs/common/time/clock';
import { DealershipFacts, DealershipFactsSource, financePayment, leasePayment } from '../domain/dealership-facts';
import { InventoryLookup, VehicleFacts } from '../domain/inventory-lookup';

const VIN = /^[A-HJ-NPR-Z0-9]{17}$/i;

/** The assistant's ports, as the toolbox and the predefined tasks use them. */
export interface AssistantSources {
  inventory: InventoryLookup;
  dealership: DealershipFactsSource;
  conversations: ConversationInsights;
}

function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** An optional argument the model actually gave (models send null or "" for "not given" too). */
const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const quoted = (value: unknown) => JSON.stringify(typeof value === 'string' ? value.slice(0, 50) : value);

/** The calculator's terms, or only the one asked for when it has it (a term it lacks gets them all: the reply shows what there is). */
function termsAsked<T extends { months: number }>(terms: readonly T[], asked: unknown): readonly T[] {
  const only = terms.filter((t) => t.months === Number(asked));
  return only.length > 0 ? only : terms;
}

function positive(value: unknown): number | null {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * The tools of one run, bound to one dealership when it is built: no tool takes a dealership, so
 * nothing the model writes can reach another one. Arguments are validated here, whatever the
 * model sent; results are plain data.
 */
export class RunToolbox implements Toolbox {
  constructor(
    private readonly dealerId: string,
    private readonly sources: AssistantSources,
    /** The run's clock: what "now", "today" and "tomorrow" are at the dealership. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async call(name: ToolName, args: Record<string, unknown>): Promise<unknown> {
    switch (name) {
      case 'search_inventory': {
        const query = typeof args.query === 'string' ? args.query.slice(0, 500) : '';
        // The thread's earlier queries a refined search applies to (set by the run, never by a model).
        const within = Array.isArray(args.within) ? args.within.filter((q): q is string => typeof q === 'string').slice(-5).map((q) => q.slice(0, 500)) : [];
        const found = await this.sources.inventory.search(this.dealerId, query, clampInt(args.take, 1, 10, 5), within);
        return {
          query, ...(within.length ? { within } : {}), total: found.total, understood: found.understood, order: found.order, cars: found.cars,
          ...(found.total === 0 && found.closest.length ? { closest: found.closest } : {}),
        };
      }
      case 'get_vehicle': {
        const vin = typeof args.vin === 'string' ? args.vin.trim().toUpperCase() : '';
        if (!VIN.test(vin)) return { error: 'not a VIN: a VIN has 17 letters and digits (no I, O or Q)' };
        return (await this.sources.inventory.findByVin(this.dealerId, vin)) ?? { vin, found: false };
      }
      case 'inventory_summary':
        return this.sources.inventory.summary(this.dealerId);
      case 'dealership_info':
        return this.dealershipInfo();
      case 'finance_estimate':
        return this.estimate('finance', args);
      case 'lease_estimate':
        return this.estimate('lease', args);
      case 'conversation_statistics':
        return this.conversationStatistics(args);
    }
  }

  /** The statistics, and with a channel, a status or awaiting_reply the count of conversations meeting all of them. */
  private async conversationStatistics(args: Record<string, unknown>): Promise<unknown> {
    const insights = this.sources.conversations;
    const filter: ConversationFilter = {};
    if (given(args.status)) {
      const status = insights.statuses.find((s) => typeof args.status === 'string' && s.toLowerCase() === args.status.trim().toLowerCase());
      if (!status) return { error: `unknown status ${quoted(args.status)}: the statuses are ${insights.statuses.join(', ')}` };
      filter.status = status;
    }
    if (given(args.awaiting_reply)) {
      const flag = String(args.awaiting_reply).trim().toLowerCase();
      if (flag !== 'true' && flag !== 'false') return { error: 'awaiting_reply must be true or false' };
      filter.awaitingReply = flag === 'true';
    }
    // Channels are open-ended: any the dealership has is known too, which only its statistics tell.
    if (given(args.channel)) filter.channel = typeof args.channel === 'string' ? args.channel.trim().toLowerCase().slice(0, 50) : '';
    const filtered = Object.keys(filter).length > 0;
    const { matching, ...statistics } = await insights.statistics(this.dealerId, clampInt(args.days, 1, 365, 7), filtered ? filter : undefined);
    if (filter.channel !== undefined) {
      const channels = [...new Set([...insights.channels, ...statistics.byChannel.map((c) => c.channel)])];
      if (!channels.includes(filter.channel)) return { error: `unknown channel ${quoted(args.channel)}: the channels are ${channels.join(', ')}` };
    }
    if (!filtered || matching === undefined) return statistics;
    return { ...statistics, matching: { channel: filter.channel ?? null, status: filter.status ?? null, awaiting_reply: filter.awaitingReply ?? null, count: matching } };
  }

  private async facts(): Promise<DealershipFacts> {
    const facts = await this.sources.dealership.factsOf(this.dealerId);
    if (!facts) throw new Error(`dealership ${this.dealerId} not found`);
    return facts;
  }

  private async dealershipInfo(): Promise<unknown> {
    const f = await this.facts();
    const address = [f.address.street, f.address.city, f.address.state, f.address.postalCode, f.address.country].filter(Boolean).join(', ');
    return {
      name: f.name,
      address: f.sendLinkInsteadOfAddress ? null : address || null,
      contact_link: f.contactLink || null,
      // The dealership's choice (send_link_instead_of_contact): the link, not its numbers and addresses.
      phones: f.sendLinkInsteadOfContact ? [] : f.phones,
      emails: f.sendLinkInsteadOfContact ? [] : f.emails,
      website: f.siteUrl || null,
      inventory_link: f.inventoryLink || null,
      time_zone: f.timeZone || null,
      hours: weeklyHours(f.hours.opening, f.hours.closing),
      // The day and time at the dealership (its zone, else UTC as now.time_zone says), to read "now", "today" and "tomorrow" against the hours.
      now: wallClock(this.now(), f.timeZone),
    };
  }

  private async estimate(kind: 'finance' | 'lease', args: Record<string, unknown>): Promise<unknown> {
    const f = await this.facts();
    let car: VehicleFacts | null = null;
    let price = positive(args.price);
    if (typeof args.vin === 'string' && args.vin.trim()) {
      car = await this.sources.inventory.findByVin(this.dealerId, args.vin.trim().toUpperCase());
      if (!car) return { vin: args.vin.trim().toUpperCase(), found: false, error: `no car with VIN ${args.vin} in stock` };
      price = car.price;
    }
    if (price === null) return { error: car ? `the car ${car.vin} has no listed price` : 'a VIN or a price is needed' };
    const vehicle = car ? { vin: car.vin, year: car.year, make: car.make, model: car.model, price: car.price } : null;
    if (kind === 'finance') {
      if (!f.finance.enabled || f.finance.terms.length === 0) return { error: 'the dealership has no finance calculator configured' };
      const terms = termsAsked(f.finance.terms, args.term_months);
      const down = Math.min(price, positive(args.down_payment) ?? 0);
      return {
        vehicle, price, down_payment: down, amount_financed: price - down,
        estimates: terms.map((t) => ({ term_months: t.months, rate_percent: t.ratePercent, monthly_payment: financePayment(price - down, t.ratePercent, t.months) })),
        note: 'Estimates before taxes and fees; final terms depend on credit approval.',
      };
    }
    if (!f.lease.enabled || f.lease.terms.length === 0) return { error: 'the dealership has no lease calculator configured' };
    return {
      vehicle, price,
      estimates: termsAsked(f.lease.terms, args.term_months).map((t) => ({
        term_months: t.months, mileage_per_year: t.mileagePerYear, mileage_unit: f.lease.mileageUnit || 'km', rate_percent: t.ratePercent,
        // The residual as an amount too: a reply may state it, and grounding takes amounts from fields, not from arithmetic.
        residual_percent: t.residualPercent, residual_value: Math.round(price * t.residualPercent) / 100,
        monthly_payment: leasePayment(price, t.residualPercent, t.ratePercent, t.months),
      })),
      note: 'Estimates before taxes and fees; final terms depend on credit approval.',
    };
  }
}
