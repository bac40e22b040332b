import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';

/** Spec 2.15 written out independently of the code: field -> JSON type. */
const common = {
  is_html_email: 'boolean', html_email_to_emails: 'array', html_email_bcc_emails: 'array', is_adf_email: 'boolean',
  adf_email_to_emails: 'array', adf_email_bcc_emails: 'array', appointment_type: 'integer', appointment_name: 'string',
  hours_id: 'string', bookable_hours_id: 'string', use_separate_bookable_hours: 'boolean', is_text_override: 'boolean', text_override: 'string',
};
const bookable = { is_active: 'boolean', is_link: 'boolean', appointment_link: 'string', allow_requests_before_lead_time: 'boolean', is_trained: 'boolean' };
const lead = { lead_time: 'integer', lead_time_unit: 'integer' };
const EXPECTED = {
  id: 'string', name: 'string', region: 'string', site_url: 'string', new_car_url: 'string', used_car_url: 'string', privacy_url: 'string',
  time_zone: 'string', sms_initial_message: 'string', contact_info_link: 'string',
  address: { street: 'string', city: 'string', state: 'string', postal_code: 'string', country: 'string' },
  car_inventory_link: 'string', promotion_reply_link: 'string',
  multi_manufacturer_ids: 'array',
  ai_activation: 'boolean', recommended_properties: 'boolean', ai_none_intent_response_enabled: 'boolean', enable_lease_calculator: 'boolean',
  enable_finance_calculator: 'boolean', send_link_instead_of_contact: 'boolean', send_link_instead_of_personnel: 'boolean',
  send_link_on_null_car_search: 'boolean', send_promotion_reply_link: 'boolean', send_link_instead_of_address: 'boolean', is_used_car_dealer: 'boolean',
  dealer_relationships: { parent_dealers: 'array', children_dealers: 'array', shared_new_inventory_dealers: 'array', shared_used_inventory_dealers: 'array', shared_details_dealers: 'array' },
  phone_num: 'array', email_address: 'array',
  portal_chat_settings: {
    receive_notifications: 'boolean', receive_reps_notifications: 'boolean', receive_unassigned_notifications: 'boolean',
    receive_push_notifications: 'integer', email: 'string', chat_notification: 'boolean', chat_notification_url: 'string', chat_dialog_override: 'string',
  },
  appointment_settings: {
    service_appointment_settings: { ...common, ...bookable, ...lead, appointment_skip_date_time: 'boolean', preferred_time_slots: 'array' },
    lease_return_appointment_settings: { ...common, ...bookable, ...lead, appointment_skip_date_time: 'boolean', preferred_time_slots: 'array' },
    test_drive_appointment_settings: { ...common, ...bookable, ...lead, preferred_time_slots: 'array' },
    sales_appointment_settings: { ...common, ...bookable, ...lead, preferred_time_slots: 'array' },
    parts_lead_generation_settings: { ...common, ...bookable, ...lead, appointment_skip_date_time: 'boolean', respond_with_hours: 'boolean' },
    lead_generation_settings: { ...common, social_initial_message_lead_gen_options: 'boolean' },
    trade_in_settings: { ...common, ...bookable, image_link: 'string' },
  },
  lease_calculator: { lease_information: 'array', email: 'string' },
  finance_calculator: { finance_information: 'array', email: 'string' },
  locales: 'array',
  language_support: { chinese_support: 'boolean', french_support: 'boolean', spanish_support: 'boolean', korean_support: 'boolean', is_debug: 'boolean' },
  reach_settings: {
    is_active: 'boolean', sms_auto_response_enabled: 'boolean', sms_follow_up_enabled: 'boolean', email_auto_response_enabled: 'boolean',
    email_follow_up_enabled: 'boolean', is_white_list: 'boolean', is_black_list: 'boolean', is_adf_white_list: 'boolean', is_adf_black_list: 'boolean',
    email_inbound_address: 'string', email_outbound_address: 'string', email_subject_type: 'string', email_subject_preset: 'string',
    follow_up: 'array', email_white_list: 'array', email_black_list: 'array', adf_white_list: 'array', adf_black_list: 'array',
    forward_lead_schedule: { value: 'integer', unit: 'string' },
    follow_up_hours: { name: 'string', opening: 'array', closing: 'array' },
  },
  service_operations: { opening: 'array', closing: 'array' },
  time_zone_offset: 'number',
  digital_retail: { enabled: 'boolean', deposit: 'integer', notification_email: 'string', enable_used_inventory: 'boolean', enable_new_inventory: 'boolean' },
  service_scheduler: { enabled: 'boolean', dealer_code: 'string', show_services: 'boolean' },
  integration_settings: { inbound_polling: 'boolean', inbound_polling_key: 'string' },
  integration_configs: 'array',
};

type Shape = string | { [k: string]: Shape };

/** The value's shape in the notation of EXPECTED. */
function shapeOf(value: unknown, expected: Shape): Shape {
  if (typeof expected === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not-an-object';
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v, expected[k] ?? 'unexpected')]));
  }
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return expected === 'number' ? 'number' : Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

describeEachBackend('GET /api/v1/dealership', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    dealer = await createDealer(t, { name: "Bob's Côte Motors", region: 'CA' });
    other = await createDealer(t, { name: 'Other Motors', region: 'US' });
  });
  afterAll(() => t.close());

  it('returns every field of the profile with its default', async () => {
    const res = await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).expect(200);
    expect(shapeOf(res.body, EXPECTED)).toEqual(EXPECTED);
    expect(res.body).toMatchObject({
      id: 'bobs-cote-motors', name: "Bob's Côte Motors", region: 'CA', site_url: '', ai_activation: false, time_zone_offset: 0,
      phone_num: [], integration_configs: [], digital_retail: { enabled: false, deposit: 0 },
    });
  });

  it("is the caller's own dealership only", async () => {
    const mine = await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).expect(200);
    const theirs = await t.http().get('/api/v1/dealership').set('Authorization', other.auth).expect(200);
    expect(mine.body.id).toBe(dealer.dealerId);
    expect(theirs.body).toMatchObject({ id: other.dealerId, region: 'US' });
  });
});
