import { Injectable } from '@nestjs/common';
import { ValidationError } from '../../../../libs/common/errors/domain-error';
import { TaskNotFoundError } from '../domain/assistant.errors';
import { ConversationInsights } from '../domain/conversation-statistics';
import { DealershipFactsSource, financePayment, leasePayment } from '../domain/dealership-facts';
import { InventoryLookup, VehicleFacts } from '../domain/inventory-lookup';
import { findTask, TaskKey, validateTaskParameters } from '../domain/predefined-tasks';
import { describeVehicle, formatMoney } from './reply-texts';

export interface TaskResult {
  task_key: string;
  dealer_id: string;
  status: 'completed';
  output: string;
  completed_date: Date;
}

const money = (n: number | null) => (n === null ? 'n/a' : `$${formatMoney(n)}`);

/**
 * POST /assistant/predefined-tasks/{taskKey}/execute: the task's declared parameters validated
 * (400 by field), then computed from the same ports as the assistant's tools, for the caller's
 * dealership only. Deterministic text; no model involved.
 */
/** A car as a task's output opens a sentence with it ("The used 2022 Honda Civic ..."). */
const aboutCar = (car: VehicleFacts) => describeVehicle(car).replace(/^the /, 'The ');

@Injectable()
export class ExecuteTaskUseCase {
  constructor(
    private readonly inventory: InventoryLookup,
    private readonly dealership: DealershipFactsSource,
    private readonly conversations: ConversationInsights,
  ) {}

  async execute(dealerId: string, taskKey: string, parameters: unknown): Promise<TaskResult> {
    const task = findTask(taskKey);
    if (!task) throw new TaskNotFoundError(taskKey);
    const checked = validateTaskParameters(task, parameters);
    if ('problems' in checked) throw new ValidationError('Invalid task parameters', checked.problems);
    const output = await this.run(dealerId, task.task_key as TaskKey, checked.values);
    return { task_key: task.task_key, dealer_id: dealerId, status: 'completed', output, completed_date: new Date() };
  }

  private async run(dealerId: string, key: TaskKey, p: Record<string, string | number>): Promise<string> {
    switch (key) {
      case 'inventory_summary': {
        const s = await this.inventory.summary(dealerId);
        const makes = s.byMake.slice(0, 10).map((m) => `${m.make} ${m.count}`).join(', ');
        return [
          `${s.total} cars in stock: ${s.used} used, ${s.new} new.`,
          `Prices from ${money(s.priceMin)} to ${money(s.priceMax)}, average ${money(s.priceAverage)}.`,
          makes ? `By make: ${makes}.` : 'No cars in stock.',
        ].join('\n');
      }
      case 'aged_inventory': {
        const cars = await this.inventory.aged(dealerId, Number(p.min_days), Number(p.take));
        if (cars.length === 0) return `No car has been in stock for ${p.min_days} days or more.`;
        return [`${cars.length} cars in stock for ${p.min_days} days or more, oldest first:`, ...cars.map((c) => `- ${describeVehicle(c)}, ${c.daysInStock} days in stock`)].join('\n');
      }
      case 'conversation_digest': {
        const s = await this.conversations.statistics(dealerId, Number(p.days));
        return [
          `${s.total} conversations; ${s.recent.count} active in the last ${s.recent.days} days; ${s.awaitingReply} awaiting a reply.`,
          `By channel: ${s.byChannel.map((c) => `${c.channel} ${c.count}`).join(', ') || 'none'}.`,
          `By status: ${s.byStatus.map((c) => `${c.status} ${c.count}`).join(', ') || 'none'}.`,
        ].join('\n');
      }
      case 'follow_up_draft': {
        const excerpt = await this.conversations.excerpt(dealerId, String(p.conversation_id), 10);
        if (!excerpt) throw new ValidationError('Invalid task parameters', [{ field: 'parameters.conversation_id', errors: ['no such conversation'] }]);
        const facts = await this.dealership.factsOf(dealerId);
        const name = excerpt.contactName?.split(' ')[0] || 'there';
        const lastCustomer = [...excerpt.messages].reverse().find((m) => m.role === 'user');
        const topic = lastCustomer ? ` about your message ("${lastCustomer.text.slice(0, 120)}${lastCustomer.text.length > 120 ? '...' : ''}")` : '';
        return `Hi ${name}, this is ${facts?.name ?? 'the dealership'} following up${topic}. Is there anything else we can help you with, or a good time to reach you?`;
      }
      case 'price_position': {
        const car = await this.inventory.findByVin(dealerId, String(p.vin).toUpperCase());
        if (!car) throw new ValidationError('Invalid task parameters', [{ field: 'parameters.vin', errors: ['no car with this VIN in stock'] }]);
        if (car.price === null) return `${aboutCar(car)}: no listed price to position.`;
        const similar = (await this.inventory.search(dealerId, [car.make, car.model].filter(Boolean).join(' '), 200)).cars
          .filter((c): c is VehicleFacts & { price: number } => c.vin !== car.vin && c.price !== null);
        if (similar.length === 0) return `${aboutCar(car)}. No similar ${car.make ?? ''} ${car.model ?? ''} in stock to compare with.`;
        const prices = similar.map((c) => c.price).sort((a, b) => a - b);
        const below = prices.filter((x) => x < car.price!).length;
        const above = prices.filter((x) => x > car.price!).length;
        const same = prices.length - below - above;
        const average = prices.reduce((a, b) => a + b, 0) / prices.length;
        return [
          `${aboutCar(car)}.`,
          `${similar.length} similar cars in stock priced ${money(prices[0])} to ${money(prices[prices.length - 1])}, average ${money(Math.round(average))}.`,
          `It is cheaper than ${above} and dearer than ${below} of them${same ? `; ${same} ${same === 1 ? 'is' : 'are'} listed at the same price` : ''}.`,
        ].join('\n');
      }
      case 'payment_estimate': {
        const car = await this.inventory.findByVin(dealerId, String(p.vin).toUpperCase());
        if (!car) throw new ValidationError('Invalid task parameters', [{ field: 'parameters.vin', errors: ['no car with this VIN in stock'] }]);
        if (car.price === null) return `${aboutCar(car)}: no listed price to estimate from.`;
        const facts = await this.dealership.factsOf(dealerId);
        const lines = [`${aboutCar(car)}.`];
        const down = Math.min(Number(p.down_payment), car.price);
        if (facts?.finance.enabled && facts.finance.terms.length) {
          for (const t of facts.finance.terms) lines.push(`Finance ${t.months} months at ${t.ratePercent}% with ${money(down)} down: ${money(financePayment(car.price - down, t.ratePercent, t.months))}/month.`);
        } else lines.push('No finance calculator is configured.');
        if (facts?.lease.enabled && facts.lease.terms.length) {
          for (const t of facts.lease.terms) lines.push(`Lease ${t.months} months, ${t.mileagePerYear} ${facts.lease.mileageUnit || 'km'}/year at ${t.ratePercent}%, residual ${t.residualPercent}%: ${money(leasePayment(car.price, t.residualPercent, t.ratePercent, t.months))}/month.`);
        } else lines.push('No lease calculator is configured.');
        lines.push('Estimates before taxes and fees; final terms depend on credit approval.');
        return lines.join('\n');
      }
    }
  }
}
