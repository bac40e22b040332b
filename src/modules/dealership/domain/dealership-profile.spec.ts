import { defaultDealershipProfile, mergeProfile, withProfileDefaults } from './dealership-profile';

describe(mergeProfile.name, () => {
  it('deep-merges objects and replaces arrays and scalars', () => {
    const base = defaultDealershipProfile();
    base.phone_num = [{ name: 'Old', value: '1' }];
    const result = mergeProfile(base, {
      ai_activation: true,
      phone_num: [{ name: 'Sales', value: '+14165550100' }],
      reach_settings: { is_active: true, forward_lead_schedule: { value: 2, unit: 'hours' } },
      appointment_settings: { trade_in_settings: { image_link: 'https://x' } },
    });
    if (!('profile' in result)) throw new Error(JSON.stringify(result.problems));
    expect(result.profile.ai_activation).toBe(true);
    expect(result.profile.phone_num).toEqual([{ name: 'Sales', value: '+14165550100' }]);
    expect(result.profile.reach_settings.is_active).toBe(true);
    expect(result.profile.reach_settings.forward_lead_schedule).toEqual({ value: 2, unit: 'hours' });
    expect(result.profile.reach_settings.email_white_list).toEqual([]);
    expect(result.profile.appointment_settings.trade_in_settings.image_link).toBe('https://x');
    expect(result.profile.appointment_settings.trade_in_settings.is_active).toBe(false);
  });

  it('lists every problem with its path', () => {
    const result = mergeProfile(defaultDealershipProfile(), {
      ai_activation: 'yes',
      nope: 1,
      digital_retail: { deposit: 1.5 },
      locales: [{ locale: 'en', language: 'English', is_primary: true }],
      appointment_settings: { lead_generation_settings: { lead_time: 3 } },
      lease_calculator: { lease_information: [{ region: 'CA', mileage_unit: 'km', list_lease_term: [36.5], list_lease_mileage: [1], lease_info: [] }] },
      time_zone_offset: -4.5,
    });
    expect('problems' in result && result.problems).toEqual([
      { field: 'ai_activation', errors: ['ai_activation must be a boolean'] },
      { field: 'nope', errors: ['is not a dealership profile field'] },
      { field: 'digital_retail.deposit', errors: ['digital_retail.deposit must be an integer'] },
      { field: 'locales', errors: ['locales[0].is_cjk_language is required'] },
      { field: 'appointment_settings.lead_generation_settings.lead_time', errors: ['is not a dealership profile field'] },
      { field: 'lease_calculator.lease_information', errors: ['lease_calculator.lease_information[0].list_lease_term[0] must be an integer'] },
    ]);
  });

  it('refuses a time zone that is not an IANA name, and opening hours not in the decided format or not paired', () => {
    const result = mergeProfile(defaultDealershipProfile(), {
      time_zone: 'Mars/Olympus',
      service_operations: { opening: ['Mon-Fri 08:00', 'Saturday 9am', 'Sun 12:00'], closing: ['Sat 18:00', 'Sat 16:00', 'Sun 11:00', 'Sun 17:00'] },
      reach_settings: { follow_up_hours: { opening: ['Fri-Mon 09:00'], closing: ['Mon 25:00'] } },
    });
    expect(result).toEqual({ problems: [
      { field: 'time_zone', errors: ['must be an IANA time zone name such as America/Toronto (or "")'] },
      { field: 'service_operations.opening[1]', errors: ['must be "<Day> HH:MM" or "<Day>-<Day> HH:MM" (24-hour, days Mon..Sun)'] },
      { field: 'service_operations.closing', errors: ['must pair with opening by index: 3 opening, 4 closing'] },
      { field: 'service_operations.closing[0]', errors: ['must name the days of opening[0] (Mon-Fri), not Sat'] },
      { field: 'service_operations.closing[2]', errors: ['must be after opening[2] (12:00)'] },
      { field: 'reach_settings.follow_up_hours.opening[0]', errors: ['Fri-Mon runs backwards: days go Mon..Sun (write two entries for a range over Sunday)'] },
      { field: 'reach_settings.follow_up_hours.closing[0]', errors: ['25:00 is not a time of day (00:00 to 24:00)'] },
    ] });
    const fine = mergeProfile(defaultDealershipProfile(), { time_zone: 'america/vancouver', service_operations: { opening: ['Sat 09:00'], closing: ['Sat 16:00'] } });
    // Stored as the zone is spelled (an alias such as US/Pacific stays itself).
    expect(fine).toHaveProperty('profile.time_zone', 'America/Vancouver');
    expect(mergeProfile(defaultDealershipProfile(), { time_zone: 'US/Pacific' })).toHaveProperty('profile.time_zone', 'US/Pacific');
  });

  it('does not hold a stored value that predates a check against a patch of something else', () => {
    const stored = withProfileDefaults({
      time_zone: 'Old/Zone', service_operations: { opening: ['whenever'], closing: [] }, reach_settings: { follow_up_hours: { opening: ['x'], closing: [] } },
    });
    expect(mergeProfile(stored, { ai_activation: true })).toHaveProperty('profile.ai_activation', true);
    expect(mergeProfile(stored, { reach_settings: { follow_up_hours: { name: 'Evenings' } } })).toHaveProperty('profile.reach_settings.follow_up_hours.name', 'Evenings');
  });

  it('refuses a day named by two pairs (a day has one opening and one closing time)', () => {
    expect(mergeProfile(defaultDealershipProfile(), { service_operations: { opening: ['Mon 08:00', 'Mon 13:00'], closing: ['Mon 12:00', 'Mon 18:00'] } })).toEqual({ problems: [
      { field: 'service_operations.opening[1]', errors: ['names Mon, which opening[0] names already: a day has one opening and one closing time'] },
    ] });
  });

  it('refuses names that exist only on the object prototype', () => {
    expect(mergeProfile(defaultDealershipProfile(), { constructor: 1, reach_settings: { hasOwnProperty: true } })).toEqual({
      problems: [
        { field: 'constructor', errors: ['is not a dealership profile field'] },
        { field: 'reach_settings.hasOwnProperty', errors: ['is not a dealership profile field'] },
      ],
    });
  });

  it('refuses a patch that is not an object', () => {
    expect(mergeProfile(defaultDealershipProfile(), [1])).toEqual({ problems: [{ field: '(root)', errors: ['must be an object'] }] });
  });
});

describe(withProfileDefaults.name, () => {
  it('completes a stored partial profile with defaults', () => {
    const profile = withProfileDefaults({ site_url: 'https://a' });
    expect(profile.site_url).toBe('https://a');
    expect(profile).toEqual({ ...defaultDealershipProfile(), site_url: 'https://a' });
  });

  it('keeps the valid fields of a stored profile when one no longer fits', () => {
    const profile = withProfileDefaults({ site_url: 'https://a', renamed_field: 1, ai_activation: 'yes', reach_settings: { is_active: true } });
    expect(profile.site_url).toBe('https://a');
    expect(profile.reach_settings.is_active).toBe(true);
    expect(profile.ai_activation).toBe(false);
    expect('renamed_field' in profile).toBe(false);
  });
});
