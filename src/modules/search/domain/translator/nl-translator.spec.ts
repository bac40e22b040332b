import { comparison, and, renderFilter, toWireNode } from '../../../../../libs/common/vehicle/filter-expression';
import { compileSearchNames, translateQuery } from './nl-translator';
import { validateFilter } from '../search-vocabulary';
import { sameSelection, selectVins } from '../../../../../test/support/search/filter-evaluator';
import { loadDevQueries } from '../../../../../test/support/search/reference-data';
import { referenceTranslator } from '../../../../../test/support/search/translator-expectations';

/**
 * The translator end to end, scored like shared/tools/eval-translate.mjs over the fixture inventory
 * (test/support/search/translator-expectations.ts): the dev set, the filter's shape, sort words,
 * names, trims and typos. Numbers and conditions: nl-translator.conditions.spec.ts.
 */
describe(translateQuery.name, () => {
  const { cars, names, compiled, translate, expectAll } = referenceTranslator();

  describe('dev set (test/fixtures/nl-queries.dev.jsonl, the whole shared dev set)', () => {
    it('is told apart by the fixture inventory: every expected filter selects some cars, not all (unless it has no condition)', () => {
      const unfit = loadDevQueries()
        .map((q) => ({ q, selected: selectVins(q.expected, cars).length }))
        .filter(({ q, selected }) => selected === 0 || (selected === cars.length) !== q.tags.includes('no-filter'))
        .map(({ q, selected }) => `${q.id} selects ${selected} of ${cars.length}`);
      expect(unfit).toEqual([]);
    });

    it('reaches at least 0.97 execution accuracy', () => {
      const queries = loadDevQueries();
      expect(queries).toHaveLength(150);
      const failing: string[] = [];
      for (const q of queries) {
        const got = translate(q.query);
        const valid = validateFilter(got).length === 0;
        if (!valid || !sameSelection(selectVins(toWireNode(got), cars), selectVins(q.expected, cars))) {
          failing.push(`${q.id} ${JSON.stringify(q.query)} -> ${renderFilter(got)}`);
        }
      }
      const accuracy = (queries.length - failing.length) / queries.length;
      if (failing.length > 0) console.warn(`dev-set failures (${failing.length}):\n${failing.join('\n')}`);
      expect(accuracy).toBeGreaterThanOrEqual(0.97);
    });
  });

  describe('filter shape', () => {
    it('always returns a valid filter whose root is an and operation', () => {
      for (const q of ['', '   ', 'Toyota', 'red or blue', '???', 'not', 'under', 'between 5 and', '$$$ 30k k k', 'a'.repeat(600)]) {
        const f = translate(q);
        expect(f.kind).toBe('operation');
        expect(f.kind === 'operation' && f.operator).toBe('and');
        expect(validateFilter(f)).toEqual([]);
      }
    });

    it('never invents conditions from words or numbers it does not model', () => {
      for (const q of [
        'a payload over 10000 lbs', '0-60 under 5 seconds', 'under 5 years old', 'top 10', 'a car for my 16 year old', 'sports car', 'one owner', 'with 20 inch wheels', 'limited budget', 'models', 'page 2',
      ]) {
        expect([q, renderFilter(translate(q))]).toEqual([q, 'and()']);
      }
    });

    it('gives and() for a query with no recognisable condition', () => {
      for (const q of ['show me everything you have', "what's in stock?", 'hi, I need a reliable car for my family', 'anything available?']) {
        expect(translate(q)).toEqual(and());
      }
    });

    it('is deterministic', () => {
      const q = 'red or white Toyota Camry 2018-2020 under 22k with less than 60,000 km and no accidents';
      expect(translate(q)).toEqual(translate(q));
    });

    it('accepts plain SearchNames as well as compiled ones', () => {
      expect(translateQuery('Honda Civic', names).filter).toEqual(translate('Honda Civic'));
    });
  });

  describe('sort words', () => {
    it.each([
      ['cheapest Honda Civic', 'price_asc'],
      ['most expensive Porsche', 'price_desc'],
      ['newest Toyota RAV4', 'year_desc'],
      ['oldest trucks', 'year_asc'],
      ['lowest mileage Subaru Outback', 'kilometers_asc'],
      ['Honda Civic', null],
    ] as const)('%s -> %s', (query, sort) => {
      expect(translateQuery(query, compiled).sort).toBe(sort);
    });

    it('adds no filter ("newest" is not condition new, "lowest mileage" is not low mileage)', () => {
      expect(translate('show me the newest cars')).toEqual(and());
      expect(translate('lowest mileage first')).toEqual(and());
      expect(translate('cheapest first')).toEqual(and());
    });
  });

  describe('manufacturers and models', () => {
    it('recognises names, slang and plural', () => expectAll([
      ['Show me Hondas', 'manufacturer eq Honda'],
      ['any chevy silverado', 'manufacturer eq Chevrolet ; model eq Silverado'],
      ['vw jetta', 'manufacturer eq Volkswagen ; model eq Jetta'],
      ['bimmer 3 series', 'manufacturer eq BMW ; model eq 3 Series'],
      ['beemer', 'manufacturer eq BMW'],
      ['merc GLC', 'manufacturer eq Mercedes-Benz ; model eq GLC'],
      ['mercedes benz c class', 'manufacturer eq Mercedes-Benz ; model eq C-Class'],
      ['Mercedes E class', 'manufacturer eq Mercedes-Benz ; model eq E-Class'],
      ['caddy', 'manufacturer eq Cadillac'],
      ['subie', 'manufacturer eq Subaru'],
      ['land rover defender', 'manufacturer eq Land Rover ; model eq Defender'],
      ['range rover', 'model eq Range Rover'],
      ['mini cooper', 'manufacturer eq Mini ; model eq Cooper'],
      ['Porsche 911', 'manufacturer eq Porsche ; model eq 911'],
      ['Ram 2500 diesel', 'manufacturer eq Ram ; model eq 2500 ; fuel_type eq Diesel'],
      ['ram truck', 'manufacturer eq Ram ; type eq Truck'],
      ['Chevy Bolt', 'manufacturer eq Chevrolet ; model eq Bolt EV'],
      ['Mach-E', 'model eq Mustang Mach-E'],
      ['F-150 Lightning', 'model eq F-150 Lightning'],
      ['VW Golf GTI', 'manufacturer eq Volkswagen ; model eq GTI'],
      ['vette', 'model eq Corvette'],
      ['miata', 'model eq MX-5'],
      ['Hi! Do you have any Honda Civics in stock?', 'manufacturer eq Honda ; model eq Civic'],
    ]));

    it('understands model variants', () => expectAll([
      ['crv', 'model eq CR-V'],
      ['cr v', 'model eq CR-V'],
      ['crvs', 'model eq CR-V'],
      ['f150', 'model eq F-150'],
      ['f 150', 'model eq F-150'],
      ['f150s', 'model eq F-150'],
      ['rav 4 hybrid', 'model eq RAV4 ; fuel_type eq Hybrid'],
      ['rav-4', 'model eq RAV4'],
      ['model3', 'model eq Model 3'],
      ['tesla model three', 'manufacturer eq Tesla ; model eq Model 3'],
      ['Toyota 4 runner', 'manufacturer eq Toyota ; model eq 4Runner'],
      ['cx 5', 'model eq CX-5'],
      ['CX5 or CX-50', 'model in CX-5,CX-50'],
      ['mazda 3', 'model eq Mazda3'],
      ['ioniq5', 'model eq Ioniq 5'],
      ['id4', 'model eq ID.4'],
      ['hr-v', 'model eq HR-V'],
      ['model 3 or model y', 'model in Model 3,Model Y'],
    ]));

    it('keeps a number after a model name apart from counts ("Kia Sorento with 7 seats")', () => expectAll([
      ['Kia Sorento with 7 seats', 'manufacturer eq Kia ; model eq Sorento ; seats eq 7'],
      ['Volvo XC90 7 seater', 'manufacturer eq Volvo ; model eq XC90 ; seats eq 7'],
      ['Jeep Wrangler 4 door', 'manufacturer eq Jeep ; model eq Wrangler ; doors eq 4'],
    ]));

    it('never hard-codes stock names: a model unknown to the names is ignored', () => {
      const tiny = compileSearchNames({ manufacturers: [{ name: 'Toyota' }], models: [{ name: 'Camry', manufacturer: 'Toyota' }] });
      expect(translateQuery('Honda Civic under 20k', tiny).filter).toEqual(and(comparison('lt', 'price', 20000)));
      expect(translateQuery('toyota camry', tiny).filter).toEqual(and(comparison('eq', 'manufacturer', 'Toyota'), comparison('eq', 'model', 'Camry')));
    });

    it('prefers names listed first (stock) over a longer catalog spelling', () => {
      const withCatalog = compileSearchNames({
        manufacturers: [{ name: 'Ram' }, { name: 'Dodge' }, { name: 'GMC' }],
        models: [
          { name: '1500', manufacturer: 'Ram' },
          { name: 'Sierra', manufacturer: 'GMC' },
          { name: 'RAM 1500', manufacturer: 'Dodge' },
          { name: 'SIERRA DENALI', manufacturer: 'GMC' },
        ],
        trims: ['Denali'],
      });
      expect(renderFilter(translateQuery('ram 1500', withCatalog).filter)).toBe('and(manufacturer eq "Ram", model eq "1500")');
      expect(renderFilter(translateQuery('gmc sierra denali', withCatalog).filter)).toBe('and(manufacturer eq "GMC", model eq "Sierra", trim eq "Denali")');
    });
  });

  describe('trims', () => {
    it('matches trims after a model, next to "trim", or when they cannot be anything else', () => expectAll([
      ['Toyota Camry XLE', 'manufacturer eq Toyota ; model eq Camry ; trim eq XLE'],
      ['Grand Cherokee Limited', 'model eq Grand Cherokee ; trim eq Limited'],
      ['Civic Sport under 25k', 'model eq Civic ; trim eq Sport ; price lt 25000'],
      // a trim word is every trim with that word (issue 25): GT Premium is a GT
      ['Ford Mustang GT', 'manufacturer eq Ford ; model eq Mustang ; trim in GT,GT Premium'],
      ['Silverado LT', 'model eq Silverado ; trim eq LT'],
      ['Tesla Model Y long range', 'manufacturer eq Tesla ; model eq Model Y ; trim eq Long Range'],
      ['Toyota Tacoma TRD Off-Road', 'manufacturer eq Toyota ; model eq Tacoma ; trim eq TRD Off-Road'],
      ['AWD Subaru Outback 2020 Limited', 'drive_train eq AWD ; manufacturer eq Subaru ; model eq Outback ; year eq 2020 ; trim eq Limited'],
      ['Honda Odyssey in Touring trim', 'manufacturer eq Honda ; model eq Odyssey ; trim eq Touring'],
      ['XLE', 'trim in XLE,XLE Premium'],
      ['EX-L', 'trim eq EX-L'],
      ['Denali', 'trim eq Denali'],
      ['sr5 tacoma', 'trim eq SR5 ; model eq Tacoma'],
    ]));

    it('does not read ordinary words as trims', () => {
      expect(translate('a sport car with premium sound')).toEqual(and(comparison('contain', 'options', 'premium audio')));
      expect(translate('limited budget')).toEqual(and());
    });
  });

  describe('typos', () => {
    it('corrects names and vocabulary by edit distance', () => expectAll([
      ['toyota camery', 'manufacturer eq Toyota ; model eq Camry'],
      ['hundai elantra', 'manufacturer eq Hyundai ; model eq Elantra'],
      ['volkswagon tiguan', 'manufacturer eq Volkswagen ; model eq Tiguan'],
      ['toyta corola', 'manufacturer eq Toyota ; model eq Corolla'],
      ['nissan rouge', 'manufacturer eq Nissan ; model eq Rogue'],
      ['hyundai tuscon', 'manufacturer eq Hyundai ; model eq Tucson'],
      ['porche cayenne', 'manufacturer eq Porsche ; model eq Cayenne'],
      ['cadilac escalade', 'manufacturer eq Cadillac ; model eq Escalade'],
      ['accura mdx', 'manufacturer eq Acura ; model eq MDX'],
      ['silverdo', 'model eq Silverado'],
      ['convertable', 'type eq Convertible'],
      ['hybird suv', 'fuel_type eq Hybrid ; type eq SUV'],
      ['manuel transmission', 'transmission eq Manual'],
      ['lether seats', 'options contain leather seats'],
      ['backup camra', 'options contain backup camera'],
      ['whit suv', 'color eq White ; type eq SUV'],
      ['undr 20k', 'price lt 20000'],
      ['low milage', 'kilometers lt 50000'],
      ['certifed', 'certified eq true ; condition eq used'],
    ]));

    it("leaves ordinary words of sales talk alone (\"accept\" is not the Accent)", () => expectAll([
      ["what's the price you'd accept for the cheapest BMW", 'manufacturer eq BMW'],
      ['do you accept trade ins on a civic', 'model eq Civic'],
    ]));
  });

  describe('colour words', () => {
    // One table with dealers' feeds (canonical-values.ts): a shopper's "charcoal" is the feed's "Charcoal" (Gray).
    it('reads the colour words feeds use, as their canonical colour', () => expectAll([
      ['charcoal suv', 'color eq Gray ; type eq SUV'],
      ['jet black truck', 'color eq Black ; type eq Truck'],
      ['navy sedan under 20k', 'color eq Blue ; type eq Sedan ; price lt 20000'],
      ['golden car', 'color eq Gold'],
    ]));

    it('leaves model names that start like a colour word alone', () => expectAll([
      ['vw jetta', 'manufacturer eq Volkswagen ; model eq Jetta'],
    ]));
  });

  describe('performance', () => {
    it('compiles names once and translates without touching them again', () => {
      // timing is measured by a script, not asserted here; this only checks the cache
      expect(compileSearchNames(names)).toBe(compileSearchNames(names));
    });
  });
});
