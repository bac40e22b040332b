import { Injectable } from '@nestjs/common';
import { FindDealershipUseCase } from '../../../dealership';
import { DealershipFacts, DealershipFactsSource } from '../../domain/dealership-facts';

/** The dealership context's profile, read as decisions.md section 8 says, in the assistant's words. */
@Injectable()
export class DealershipContextFacts extends DealershipFactsSource {
  constructor(private readonly findDealership: FindDealershipUseCase) {
    super();
  }

  async factsOf(dealerId: string): Promise<DealershipFacts | null> {
    const dealership = await this.findDealership.execute(dealerId);
    if (!dealership) return null;
    const p = dealership.profile;
    // The calculator entry of the dealership's region, else the first one.
    const pick = <T extends { region: string }>(entries: T[]) => entries.find((e) => e.region.toUpperCase() === dealership.region) ?? entries[0];
    const finance = pick(p.finance_calculator.finance_information);
    const lease = pick(p.lease_calculator.lease_information);
    return {
      name: dealership.name,
      region: dealership.region,
      timeZone: p.time_zone,
      phones: p.phone_num,
      emails: p.email_address,
      siteUrl: p.site_url,
      contactLink: p.contact_info_link,
      inventoryLink: p.car_inventory_link || p.used_car_url || p.new_car_url,
      address: { street: p.address.street, city: p.address.city, state: p.address.state, postalCode: p.address.postal_code, country: p.address.country },
      sendLinkInsteadOfAddress: p.send_link_instead_of_address,
      sendLinkInsteadOfContact: p.send_link_instead_of_contact,
      hours: { opening: p.service_operations.opening, closing: p.service_operations.closing },
      finance: {
        enabled: p.enable_finance_calculator && !!finance,
        terms: finance ? finance.finance_term.map((months, i) => ({ months, ratePercent: finance.finance_info[i] })).filter((t) => Number.isFinite(t.ratePercent)) : [],
      },
      lease: {
        enabled: p.enable_lease_calculator && !!lease,
        mileageUnit: lease?.mileage_unit ?? '',
        terms: lease
          ? lease.list_lease_term.flatMap((months, i) => lease.list_lease_mileage.map((mileagePerYear, j) => ({ months, mileagePerYear, cell: lease.lease_info[i]?.[j] })))
            .filter((t) => t.cell !== undefined)
            .map((t) => ({ months: t.months, mileagePerYear: t.mileagePerYear, ratePercent: t.cell!.lease_rate, residualPercent: t.cell!.lease_residual }))
          : [],
      },
    };
  }
}
