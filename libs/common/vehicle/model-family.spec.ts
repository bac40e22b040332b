import { familyForm, isVariantToken, ModelFamilyResolver, tokenAfter, trimWords } from './model-family';

const CATALOG = [
  ...['F-150', 'F-150 Lightning', 'F-250 Super Duty', 'F-350 Super Duty', 'Transit', 'Transit Connect', 'Mustang', 'Mustang Mach-E'].map((model) => ({ manufacturer: 'Ford', model })),
  ...['Silverado', 'Silverado 2500HD', 'Silverado 3500HD'].map((model) => ({ manufacturer: 'Chevrolet', model })),
  ...['Sierra', 'Sierra 2500HD', 'Sierra 3500HD', 'Yukon', 'Yukon XL'].map((model) => ({ manufacturer: 'GMC', model })),
  ...['1500', '2500', 'ProMaster', 'ProMaster City'].map((model) => ({ manufacturer: 'Ram', model })),
  ...['4Runner', 'RAV4', 'Tacoma'].map((model) => ({ manufacturer: 'Toyota', model })),
  ...['Grand Cherokee', 'Grand Cherokee L', 'Cherokee', 'Wrangler'].map((model) => ({ manufacturer: 'Jeep', model })),
];

describe(familyForm.name, () => {
  it('splits where letters meet digits and drops the name-part words', () => {
    for (const spelling of ['F-350', 'F350', 'f 350', 'F-350SD', 'F-350 Super Duty', 'f350superduty', 'Super Duty F-350 DRW', 'F-350 SRW Crew Cab 4x4']) {
      expect(familyForm(spelling).text).toBe('f350');
    }
    expect(familyForm('Sierra 2500HD')).toEqual({ text: 'sierra2500', tokens: ['sierra', '2500'], starts: [0, 6] });
    expect(familyForm('4Runner 2WD').text).toBe('4runner');
    expect(familyForm('Tacoma 4WD Double Cab').text).toBe('tacoma');
    expect(familyForm('Super Duty').text).toBe('superduty'); // nothing but name parts: kept
    expect(familyForm('F-3500').text).toBe('f3500');
  });
});

describe(tokenAfter.name, () => {
  it('is the token after a prefix that ends at a token boundary', () => {
    expect(tokenAfter('sierra', familyForm('Sierra 1500 Limited'))).toBe('1500');
    expect(tokenAfter('sierra1500limited', familyForm('Sierra 1500 Limited'))).toBe('');
    expect(tokenAfter('f350', familyForm('F-3500'))).toBeNull();
    expect(tokenAfter('sierra1500', familyForm('Sierra 2500HD'))).toBeNull();
  });
});

describe(isVariantToken.name, () => {
  it('is a number, a trim word or a fuel word', () => {
    const trims = new Set(['denali', 'limited']);
    expect(['1500', 'denali', 'hybrid', ''].map((t) => isVariantToken(t, trims))).toEqual([true, true, true, true]);
    expect(['lightning', 'mach'].map((t) => isVariantToken(t, trims))).toEqual([false, false]);
  });
});

describe(trimWords.name, () => {
  it('splits on slashes, hyphens, spaces and w/', () => {
    expect(trimWords('Laramie/Longhorn')).toEqual(['laramie', 'longhorn']);
    expect(trimWords('LT w/1LT')).toEqual(['lt', '1lt']);
    expect(trimWords('ST-Line')).toEqual(['st', 'line']);
    expect(trimWords('LT LT1')).toEqual(['lt', 'lt1']);
  });
});

describe(ModelFamilyResolver.name, () => {
  const resolver = new ModelFamilyResolver(CATALOG);
  for (const trim of ['Limited', 'Big Horn/Lone Star', 'SR5', 'TRD Pro']) resolver.noteTrim(trim);
  const family = (maker: string | null, model: string) => resolver.familyOf(maker, model);

  it.each([
    ['Ford', 'F-350SD', 'F-350'],
    ['Ford', 'Super Duty F-350 DRW', 'F-350'],
    ['Ford', 'Super Duty F-350 SRW', 'F-350'],
    ['Ford', 'F-350 King Ranch', 'F-350'],
    ['Ford', 'F-250SD', 'F-250'],
    ['Ford', 'F-3500', 'F-3500'],
    ['Ford', 'F150', 'F-150'],
    ['Ford', 'F-150 Lightning', 'F-150 Lightning'],
    ['Ford', 'Transit-250 Cargo Van', 'Transit 250'],
    ['Ford', 'Transit Connect XLT', 'Transit Connect'],
    ['Chevrolet', 'Silverado 1500', 'Silverado 1500'],
    ['Chevrolet', 'Silverado 1500 LTD', 'Silverado 1500'],
    ['Chevrolet', 'Silverado 1500 LT Trail Boss', 'Silverado 1500'],
    ['Chevrolet', 'Silverado 2500HD', 'Silverado 2500HD'],
    ['Chevrolet', 'Silverado 2500 HD Crew Cab', 'Silverado 2500HD'],
    ['GMC', 'Sierra 2500HD', 'Sierra 2500HD'],
    ['GMC', '2500HD Sierra', 'Sierra 2500HD'],
    ['GMC', 'Sierra 1500', 'Sierra 1500'],
    ['GMC', 'Sierra', 'Sierra'],
    ['GMC', 'Yukon XL Denali', 'Yukon XL'],
    ['RAM', '1500', '1500'],
    ['Ram', 'Ram 1500 Classic', '1500'],
    ['Ram', 'ProMaster City Wagon', 'ProMaster City'],
    ['Toyota', '4Runner 2WD', '4Runner'],
    ['Toyota', '4Runner 4WD', '4Runner'],
    ['Toyota', 'Tacoma 4WD', 'Tacoma'],
    ['Toyota', 'RAV4 Hybrid', 'RAV4'],
    ['Jeep', 'Grand Cherokee L', 'Grand Cherokee L'],
    ['Jeep', 'Grand Cherokee Limited', 'Grand Cherokee'],
    ['Jeep', 'Wrangler Unlimited', 'Wrangler'],
  ])('%s %j is the %j', (maker, model, expected) => {
    expect(family(maker, model)).toBe(expected);
  });

  it('without a catalog model: the text less its name parts and trailing trim words, as the stock first spelled it', () => {
    expect(family('Acme', 'Roadster 4WD')).toBe('Roadster');
    expect(family('Acme', 'ROADSTER Limited')).toBe('Roadster');
    expect(family('Acme', 'Roadster Big Horn')).toBe('Roadster');
    expect(family('Acme', 'Roadster 2500')).toBe('Roadster 2500');
    expect(family('Toyota', 'Land Speeder SR5')).toBe('Land Speeder');
    expect(family(null, 'Roadster')).toBeNull();
    expect(family('Acme', '  ')).toBeNull();
  });
});
