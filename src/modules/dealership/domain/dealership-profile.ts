import { openingHoursProblems } from '../../../../libs/common/hours/opening-hours';

/**
 * The dealership profile of spec section 2.15: every field, with its default. The default object
 * doubles as the schema: `mergeProfile` accepts a partial profile only where its keys and value
 * types match this template, so `dealer configure` cannot store a field the API would not serve.
 */
const commonAppointmentFields = () => ({
  is_html_email: false,
  html_email_to_emails: [] as string[],
  html_email_bcc_emails: [] as string[],
  is_adf_email: false,
  adf_email_to_emails: [] as string[],
  adf_email_bcc_emails: [] as string[],
  appointment_type: 0,
  appointment_name: '',
  hours_id: '',
  bookable_hours_id: '',
  use_separate_bookable_hours: false,
  is_text_override: false,
  text_override: '',
});

const bookableFields = () => ({
  is_active: false,
  is_link: false,
  appointment_link: '',
  allow_requests_before_lead_time: false,
  is_trained: false,
});

const leadTime = () => ({ lead_time: 0, lead_time_unit: 0 });

function defaultAppointmentSettings() {
  return {
    service_appointment_settings: {
      ...commonAppointmentFields(), ...bookableFields(), ...leadTime(), appointment_skip_date_time: false, preferred_time_slots: [] as string[],
    },
    lease_return_appointment_settings: {
      ...commonAppointmentFields(), ...bookableFields(), ...leadTime(), appointment_skip_date_time: false, preferred_time_slots: [] as string[],
    },
    test_drive_appointment_settings: {
      ...commonAppointmentFields(), ...bookableFields(), ...leadTime(), preferred_time_slots: [] as string[],
    },
    sales_appointment_settings: {
      ...commonAppointmentFields(), ...bookableFields(), ...leadTime(), preferred_time_slots: [] as string[],
    },
    parts_lead_generation_settings: {
      ...commonAppointmentFields(), ...bookableFields(), ...leadTime(), appointment_skip_date_time: false, respond_with_hours: false,
    },
    lead_generation_settings: {
      ...commonAppointmentFields(), social_initial_message_lead_gen_options: false,
    },
    trade_in_settings: {
      ...commonAppointmentFields(), ...bookableFields(), image_link: '',
    },
  };
}

/** The stored part of the profile (id, name, region and integration_configs live elsewhere). */
export function defaultDealershipProfile() {
  return {
    site_url: '',
    new_car_url: '',
    used_car_url: '',
    privacy_url: '',
    time_zone: '',
    sms_initial_message: '',
    contact_info_link: '',
    /** decisions.md section 8: where the dealership is (or `contact_info_link` when `send_link_instead_of_address`). */
    address: { street: '', city: '', state: '', postal_code: '', country: '' },
    car_inventory_link: '',
    promotion_reply_link: '',
    multi_manufacturer_ids: [] as string[],
    ai_activation: false,
    recommended_properties: false,
    ai_none_intent_response_enabled: false,
    enable_lease_calculator: false,
    enable_finance_calculator: false,
    send_link_instead_of_contact: false,
    send_link_instead_of_personnel: false,
    send_link_on_null_car_search: false,
    send_promotion_reply_link: false,
    send_link_instead_of_address: false,
    is_used_car_dealer: false,
    dealer_relationships: {
      parent_dealers: [] as string[],
      children_dealers: [] as string[],
      shared_new_inventory_dealers: [] as string[],
      shared_used_inventory_dealers: [] as string[],
      shared_details_dealers: [] as string[],
    },
    phone_num: [] as NameValue[],
    email_address: [] as NameValue[],
    portal_chat_settings: {
      receive_notifications: false,
      receive_reps_notifications: false,
      receive_unassigned_notifications: false,
      receive_push_notifications: 0,
      email: '',
      chat_notification: false,
      chat_notification_url: '',
      chat_dialog_override: '',
    },
    appointment_settings: defaultAppointmentSettings(),
    lease_calculator: { lease_information: [] as LeaseInformation[], email: '' },
    finance_calculator: { finance_information: [] as FinanceInformation[], email: '' },
    locales: [] as Locale[],
    language_support: {
      chinese_support: false, french_support: false, spanish_support: false, korean_support: false, is_debug: false,
    },
    reach_settings: {
      is_active: false,
      sms_auto_response_enabled: false,
      sms_follow_up_enabled: false,
      email_auto_response_enabled: false,
      email_follow_up_enabled: false,
      is_white_list: false,
      is_black_list: false,
      is_adf_white_list: false,
      is_adf_black_list: false,
      email_inbound_address: '',
      email_outbound_address: '',
      email_subject_type: '',
      email_subject_preset: '',
      follow_up: [] as ValueUnit[],
      email_white_list: [] as string[],
      email_black_list: [] as string[],
      adf_white_list: [] as string[],
      adf_black_list: [] as string[],
      forward_lead_schedule: { value: 0, unit: '' } as ValueUnit,
      follow_up_hours: { name: '', opening: [] as string[], closing: [] as string[] },
    },
    service_operations: { opening: [] as string[], closing: [] as string[] },
    time_zone_offset: 0,
    digital_retail: {
      enabled: false, deposit: 0, notification_email: '', enable_used_inventory: false, enable_new_inventory: false,
    },
    service_scheduler: { enabled: false, dealer_code: '', show_services: false },
    integration_settings: { inbound_polling: false, inbound_polling_key: '' },
  };
}

interface NameValue { name: string; value: string }
interface ValueUnit { value: number; unit: string }
interface LeaseInformation {
  region: string;
  mileage_unit: string;
  list_lease_term: number[];
  list_lease_mileage: number[];
  lease_info: { lease_rate: number; lease_residual: number }[][];
}
interface FinanceInformation { region: string; finance_info: number[]; finance_term: number[] }
interface Locale { locale: string; language: string; is_primary: boolean; is_cjk_language: boolean; is_enabled: boolean }

export type DealershipProfile = ReturnType<typeof defaultDealershipProfile>;

/** Element templates of the arrays of objects (arrays of scalars are typed by their name below). */
const ARRAY_ELEMENTS: Record<string, unknown> = {
  phone_num: { name: '', value: '' },
  email_address: { name: '', value: '' },
  'lease_calculator.lease_information': {
    region: '', mileage_unit: '', list_lease_term: [0], list_lease_mileage: [0], lease_info: [[{ lease_rate: 0, lease_residual: 0 }]],
  },
  'finance_calculator.finance_information': { region: '', finance_info: [0], finance_term: [0] },
  locales: { locale: '', language: '', is_primary: false, is_cjk_language: false, is_enabled: false },
  'reach_settings.follow_up': { value: 0, unit: '' },
};
const NUMBER_ARRAYS = /(^|\.)(list_lease_term|list_lease_mileage|finance_term|finance_info)$/;
/** Integer-typed fields (the spec's "integer"), by name, array indices removed. */
const INTEGER_FIELDS = /(^|\.)(appointment_type|lead_time|lead_time_unit|receive_push_notifications|deposit|value|list_lease_term|list_lease_mileage|finance_term)$/;

export interface ProfileProblem {
  field: string;
  errors: string[];
}

/**
 * Deep-merges `patch` into `base`: objects merge key by key, arrays and scalars replace.
 * Returns the problems instead of a profile when the patch does not fit the template.
 */
export function mergeProfile(base: DealershipProfile, patch: unknown): { profile: DealershipProfile } | { problems: ProfileProblem[] } {
  const problems: ProfileProblem[] = [];
  const merged = mergeObject(base as unknown as Record<string, unknown>, defaultDealershipProfile(), patch, '', problems) as unknown as DealershipProfile;
  if (problems.length === 0) problems.push(...meaningProblems(merged, patch as Record<string, unknown>));
  if (problems.length) return { problems };
  if (merged.time_zone) merged.time_zone = zoneSpelling(merged.time_zone);
  return { profile: merged };
}

/**
 * What the shapes allow but the values must also mean, checked where the patch sets them (a stored
 * value that predates a check does not block configuring something else): the time zone is an IANA
 * name, and opening hours are in decisions.md section 8's format, paired by index.
 */
function meaningProblems(profile: DealershipProfile, patch: Record<string, unknown>): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  if ('time_zone' in patch && profile.time_zone !== '' && !isTimeZone(profile.time_zone)) {
    problems.push({ field: 'time_zone', errors: ['must be an IANA time zone name such as America/Toronto (or "")'] });
  }
  if (setsHours(patch.service_operations)) {
    problems.push(...openingHoursProblems(profile.service_operations.opening, profile.service_operations.closing, 'service_operations'));
  }
  if (isPlainObject(patch.reach_settings) && setsHours(patch.reach_settings.follow_up_hours)) {
    const hours = profile.reach_settings.follow_up_hours;
    problems.push(...openingHoursProblems(hours.opening, hours.closing, 'reach_settings.follow_up_hours'));
  }
  return problems;
}

/** A patch of an hours group that sets its opening or closing list (a name alone leaves stored hours unchecked). */
function setsHours(group: unknown): boolean {
  return isPlainObject(group) && ('opening' in group || 'closing' in group);
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone as IANA spells it when only the case differs ("america/toronto"); an alias ("US/Pacific") stays itself. */
function zoneSpelling(name: string): string {
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return name;
  }
}

/**
 * A stored profile completed with the defaults of fields it lacks (older rows, partial writes).
 * A stored field that no longer fits the template is dropped alone: the rest is kept.
 */
export function withProfileDefaults(stored: unknown): DealershipProfile {
  const template = defaultDealershipProfile();
  if (!isPlainObject(stored)) return template;
  return mergeObject(template as unknown as Record<string, unknown>, template, stored, '', []) as unknown as DealershipProfile;
}

function mergeObject(base: Record<string, unknown>, template: Record<string, unknown>, patch: unknown, path: string, problems: ProfileProblem[]): Record<string, unknown> {
  if (!isPlainObject(patch)) {
    problems.push({ field: path || '(root)', errors: ['must be an object'] });
    return base;
  }
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const field = path ? `${path}.${key}` : key;
    if (!Object.hasOwn(template, key)) {
      problems.push({ field, errors: ['is not a dealership profile field'] });
      continue;
    }
    const t = template[key];
    if (isPlainObject(t)) {
      out[key] = mergeObject((base[key] as Record<string, unknown>) ?? t, t, value, field, problems);
    } else {
      const error = checkValue(t, value, field);
      if (error) problems.push({ field, errors: [error] });
      else out[key] = value;
    }
  }
  return out;
}

function checkValue(template: unknown, value: unknown, field: string): string | null {
  if (Array.isArray(template)) {
    if (!Array.isArray(value)) return 'must be an array';
    const element = ARRAY_ELEMENTS[field] ?? (NUMBER_ARRAYS.test(field) ? 0 : '');
    for (const [i, item] of value.entries()) {
      const error = checkElement(element, item, `${field}[${i}]`);
      if (error) return error;
    }
    return null;
  }
  return checkScalar(template, value, field);
}

function checkElement(template: unknown, value: unknown, field: string): string | null {
  if (Array.isArray(template)) {
    if (!Array.isArray(value)) return `${field} must be an array`;
    for (const [i, item] of value.entries()) {
      const error = checkElement(template[0], item, `${field}[${i}]`);
      if (error) return error;
    }
    return null;
  }
  if (isPlainObject(template)) {
    if (!isPlainObject(value)) return `${field} must be an object`;
    for (const key of Object.keys(value)) if (!Object.hasOwn(template, key)) return `${field}.${key} is not a known field`;
    for (const [key, t] of Object.entries(template)) {
      if (!Object.hasOwn(value, key)) return `${field}.${key} is required`;
      const error = checkElement(t, value[key], `${field}.${key}`);
      if (error) return error;
    }
    return null;
  }
  return checkScalar(template, value, field);
}

function checkScalar(template: unknown, value: unknown, field: string): string | null {
  if (typeof template === 'boolean') return typeof value === 'boolean' ? null : `${field} must be a boolean`;
  if (typeof template === 'string') return typeof value === 'string' ? null : `${field} must be a string`;
  if (typeof template === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return `${field} must be a number`;
    return INTEGER_FIELDS.test(field.replace(/\[\d+\]/g, '')) && !Number.isInteger(value) ? `${field} must be an integer` : null;
  }
  return null;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
