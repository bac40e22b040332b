import { Injectable } from '@nestjs/common';
import { Car, FindCarUseCase, InventoryStatisticsUseCase } from '../../../inventory';
import { SearchCarsUseCase } from '../../../search';
import { InventoryLookup, InventorySearch, InventorySummary, VehicleFacts } from '../../domain/inventory-lookup';

const DAY_MS = 24 * 3600 * 1000;
/**
 * A description or an options list is the feed's text (some run to pages of boilerplate): its start
 * says what a shopper asks about, and the whole of it in every tool result would crowd the model's
 * context (and cost every reading of it).
 */
const FEED_TEXT_CHARS = 1000;

function toFacts(car: Car, now = Date.now()): VehicleFacts {
  return {
    vin: car.vin, condition: car.condition, year: car.year, make: car.manufacturer, model: car.model, trim: car.trim,
    price: car.price, kilometers: car.kilometers, color: car.color, type: car.type, stockNumber: car.stock_number,
    daysInStock: Math.max(0, Math.floor((now - car.date_created.getTime()) / DAY_MS)),
    doors: car.doors, seats: car.seats,
    // The feed's words, as the inventory API shows them: "8-Speed Automatic" says more than the canonical "Automatic".
    driveTrain: car.drive_train_text ?? car.drive_train, transmission: car.transmission_text ?? car.transmission,
    fuelType: car.fuel_type_text ?? car.fuel_type, engine: car.engine,
    options: capped(car.options, FEED_TEXT_CHARS), description: capped(car.description, FEED_TEXT_CHARS), accident: car.accident, certified: car.certified,
  };
}

/** The text cut to at most `max` characters, at a word break when there is one, marked as cut. */
function capped(text: string | null, max: number): string | null {
  if (text === null || text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > max / 2 ? atWord : cut}…`;
}

/** The inventory and search contexts' public use cases, in the assistant's words. */
@Injectable()
export class InventoryContextLookup extends InventoryLookup {
  constructor(
    private readonly searchCars: SearchCarsUseCase,
    private readonly findCar: FindCarUseCase,
    private readonly stats: InventoryStatisticsUseCase,
  ) {
    super();
  }

  async search(dealerId: string, query: string, take: number, within: readonly string[] = []): Promise<InventorySearch> {
    const { page, understood, sort, suggestions } = await this.searchCars.search(dealerId, query, { skip: 0, take }, within);
    // Search hits carry no price: each is read whole (a handful per question).
    const read = (vins: string[]) => Promise.all(vins.map((vin) => this.findCar.execute(dealerId, vin)));
    const cars = (await read(page.rows.map((hit) => hit.vin))).filter((c): c is Car => c !== null).map((c) => toFacts(c));
    const near = suggestions.slice(0, take);
    const nearCars = await read(near.map((s) => s.vin));
    const closest = near.flatMap((s, i) => {
      const car = nearCars[i];
      return car ? [{ car: toFacts(car), differs: s.relaxed.map((r) => r.attribute) }] : [];
    });
    return { total: page.total_row_count, understood, order: sort, cars, closest };
  }

  async findByVin(dealerId: string, vin: string): Promise<VehicleFacts | null> {
    const car = await this.findCar.execute(dealerId, vin);
    return car ? toFacts(car) : null;
  }

  async summary(dealerId: string): Promise<InventorySummary> {
    const s = await this.stats.statistics(dealerId);
    return {
      total: s.total, used: s.byCondition.used, new: s.byCondition.new,
      priceMin: s.price.min, priceMax: s.price.max, priceAverage: s.price.average, byMake: s.byMake,
    };
  }

  async aged(dealerId: string, minDays: number, take: number): Promise<VehicleFacts[]> {
    const now = Date.now();
    return (await this.stats.listedBefore(dealerId, new Date(now - minDays * DAY_MS), take)).map((c) => toFacts(c, now));
  }
}
