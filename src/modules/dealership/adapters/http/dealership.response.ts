import { DealershipProfileView } from '../../application/get-dealership-profile.use-case';
import { defaultDealershipProfile } from '../../domain/dealership-profile';

/** A fully populated profile: its arrays hold one element so the OpenAPI schema shows their items. */
export function dealershipProfileExample(): DealershipProfileView {
  const p = defaultDealershipProfile();
  return {
    id: 'acme-motors',
    name: 'Acme Motors',
    region: 'CA',
    ...p,
    multi_manufacturer_ids: ['toyota'],
    phone_num: [{ name: 'Sales', value: '+14165550100' }],
    email_address: [{ name: 'Sales', value: 'sales@acme.example' }],
    lease_calculator: {
      email: '',
      lease_information: [{ region: 'CA', mileage_unit: 'km', list_lease_term: [36], list_lease_mileage: [20000], lease_info: [[{ lease_rate: 4.99, lease_residual: 0.55 }]] }],
    },
    finance_calculator: { email: '', finance_information: [{ region: 'CA', finance_info: [5.49], finance_term: [60] }] },
    locales: [{ locale: 'en-CA', language: 'English', is_primary: true, is_cjk_language: false, is_enabled: true }],
    integration_configs: [{ key: 'partner-credit-application', subscription_id: 'sub_123' }],
  };
}
