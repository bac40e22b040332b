import { Injectable } from '@nestjs/common';
import { Car } from '../domain/car';
import { CarInventoryRepository } from '../domain/car-inventory.repository';
import { CarNotFoundError } from '../domain/inventory.errors';
import { normalizeVin } from '../domain/vin';

/** GET /inventory/used/{vin}: VINs match case-insensitively; another dealership's car is a 404. */
@Injectable()
export class GetUsedCarUseCase {
  constructor(private readonly cars: CarInventoryRepository) {}

  async execute(dealerId: string, vin: string): Promise<Car> {
    const car = await this.cars.findByVin(dealerId, 'used', normalizeVin(vin));
    if (!car) throw new CarNotFoundError(vin);
    return car;
  }
}
