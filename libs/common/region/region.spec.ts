import { isRegionCode } from './region';

describe(isRegionCode.name, () => {
  it.each(['US', 'CA', 'GB', 'DE', 'MX', 'AX', 'SX', 'SS'])('accepts the assigned code %s', (code) => {
    expect(isRegionCode(code)).toBe(true);
  });

  it.each(['UK', 'EU', 'XK', 'AC', 'ZZ', 'QQ', 'us', 'USA', 'U', ''])('refuses %j (not an assigned upper-case alpha-2 code)', (code) => {
    expect(isRegionCode(code)).toBe(false);
  });
});
