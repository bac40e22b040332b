import { Injectable } from '@nestjs/common';
import { Car } from '../domain/car';
import { CarInventoryRepository, InventoryStatistics } from '../domain/car-inventory.repository';
import { normalizeVin } from '../domain/vin';

/** A car of the dealership by VIN, used or new; null when it has none (other contexts read stock through it). */
@Injectable()
export class FindCarUseCase {
  constructor(private readonly cars: CarInventoryRepository) {}

  async execute(dealerId: string, vin: string): Promise<Car | null> {
    const normalized = normalizeVin(vin);
    return (await this.cars.findByVin(dealerId, 'used', normalized)) ?? (await this.cars.findByVin(dealerId, 'new', normalized));
  }
}

/** What the dealership stocks, in figures: counts, price range, and its oldest listings. */
@Injectable()
export class InventoryStatisticsUseCase {
  constructor(private readonly cars: CarInventoryRepository) {}

  statistics(dealerId: string): Promise<InventoryStatistics> {
    return this.cars.statistics(dealerId);
  }

  listedBefore(dealerId: string, before: Date, take: number): Promise<Car[]> {
    return this.cars.listedBefore(dealerId, before, take);
  }
}
