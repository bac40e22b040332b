/** A realistic profile for the demo dealership (a Toronto-area multi-brand store). */
export function demoProfile() {
  return {
    site_url: 'https://demo-motors.example.com',
    new_car_url: 'https://demo-motors.example.com/new',
    used_car_url: 'https://demo-motors.example.com/used',
    privacy_url: 'https://demo-motors.example.com/privacy',
    time_zone: 'America/Toronto',
    address: { street: '100 Demo Drive', city: 'Toronto', state: 'ON', postal_code: 'M5V 2T6', country: 'CA' },
    contact_info_link: 'https://demo-motors.example.com/contact',
    time_zone_offset: -5,
    sms_initial_message: 'Hi, this is Demo Motors. How can we help you today?',
    multi_manufacturer_ids: ['toyota', 'honda', 'ford'],
    ai_activation: true,
    enable_lease_calculator: true,
    enable_finance_calculator: true,
    phone_num: [{ name: 'Sales', value: '+14165550100' }, { name: 'Service', value: '+14165550101' }],
    email_address: [{ name: 'Sales', value: 'sales@demo-motors.example.com' }],
    locales: [
      { locale: 'en-CA', language: 'English', is_primary: true, is_cjk_language: false, is_enabled: true },
      { locale: 'fr-CA', language: 'French', is_primary: false, is_cjk_language: false, is_enabled: true },
    ],
    language_support: { french_support: true },
    service_operations: { opening: ['Mon-Fri 08:00', 'Sat 09:00'], closing: ['Mon-Fri 18:00', 'Sat 16:00'] },
    finance_calculator: { finance_information: [{ region: 'CA', finance_info: [5.49, 6.49], finance_term: [60, 72] }], email: 'finance@demo-motors.example.com' },
    lease_calculator: {
      lease_information: [{
        region: 'CA', mileage_unit: 'km', list_lease_term: [36, 48], list_lease_mileage: [16000, 24000],
        lease_info: [[{ lease_rate: 4.99, lease_residual: 58 }, { lease_rate: 4.99, lease_residual: 55 }], [{ lease_rate: 5.49, lease_residual: 48 }, { lease_rate: 5.49, lease_residual: 45 }]],
      }],
      email: 'lease@demo-motors.example.com',
    },
    appointment_settings: { test_drive_appointment_settings: { is_active: true, appointment_name: 'Test drive', lead_time: 2, lead_time_unit: 1 } },
  };
}
