import { Injectable } from '@nestjs/common';
import { Car, CarCondition } from '../domain/car';
import { CarInventoryRepository } from '../domain/car-inventory.repository';
import { CarNotFoundError } from '../domain/inventory.errors';
import { normalizeVin } from '../domain/vin';

/** GET /inventory/used/{vin} and /inventory/new/{vin}: VINs match case-insensitively; another dealership's car is a 404. */
@Injectable()
export class GetCarUseCase {
  constructor(private readonly cars: CarInventoryRepository) {}

  async execute(dealerId: string, condition: CarCondition, vin: string): Promise<Car> {
    const car = await this.cars.findByVin(dealerId, condition, normalizeVin(vin));
    if (!car) throw new CarNotFoundError(vin, condition);
    return car;
  }
}
