import { comparison, and } from '../../../../../libs/common/vehicle/filter-expression';
import { translateQuery } from './nl-translator';
import { referenceTranslator } from '../../../../../test/support/search/translator-expectations';

/**
 * The translator end to end, continued (nl-translator.spec.ts): numbers, body and the other closed
 * attributes, counts and payments, options, identifiers, negation, lists and compound queries.
 */
describe(translateQuery.name, () => {
  const { translate, expectAll } = referenceTranslator();

  describe('numbers', () => {
    it('reads k, grand, $, commas, decimals and number words', () => expectAll([
      ['under thirty grand', 'price lt 30000'],
      ['cars for under thirty thousand dollars', 'price lt 30000'],
      ['twenty five thousand or less', 'price lte 25000'],
      ['twenty-five grand max', 'price lte 25000'],
      ['thirty five k or less', 'price lte 35000'],
      ['under forty-five thousand dollars', 'price lt 45000'],
      ['under 7.5k', 'price lt 7500'],
      ['less than 12.5k', 'price lt 12500'],
      ['under $9,999', 'price lt 9999'],
      ['Toyotas under $20k', 'manufacturer eq Toyota ; price lt 20000'],
      ['under 20000', 'price lt 20000'],
      ['25K', 'price lte 25000'],
      ['max budget 30k', 'price lte 30000'],
      ['budget of 25000', 'price lte 25000'],
      ['$15000 max', 'price lte 15000'],
      ['minimum 20k', 'price gte 20000'],
      ['no less than 30k', 'price gte 30000'],
      ['over $40k sedan', 'price gt 40000 ; type eq Sedan'],
      ['under $30 000', 'price lt 30000'],
      ['under 30.000', 'price lt 30000'],
      ['25000$', 'price lte 25000'],
      ['less than 100 000 km', 'kilometers lt 100000'],
      ["what's the price of the 2020 civic", 'year eq 2020 ; model eq Civic'],
    ]));

    it('converts miles to km (x 1.609344, rounded) and needs a unit for kilometers', () => {
      expect(translate('under 30,000 miles')).toEqual(and(comparison('lt', 'kilometers', 48280)));
      expectAll([
        ['fewer than 60,000 miles', 'kilometers lt 96561'],
        ['less than 50k miles', 'kilometers lt 80467'],
        ['under 40k mi', 'kilometers lt 64374'],
        ['less than 30,000mi', 'kilometers lt 48280'],
        ['100k miles or less', 'kilometers lte 160934'],
        ['under one hundred thousand miles', 'kilometers lt 160934'],
        ['at most 40k km', 'kilometers lte 40000'],
        ['under 100,000km', 'kilometers lt 100000'],
        ['less than sixty thousand kilometers', 'kilometers lt 60000'],
        ['a hundred thousand km or less', 'kilometers lte 100000'],
        ['mileage under 80,000', 'kilometers lt 80000'],
        ['odometer under 60k', 'kilometers lt 60000'],
        ['low mileage SUV', 'type eq SUV ; kilometers lt 50000'],
      ]);
    });

    it('reads ranges and "around" (0.9x to 1.1x)', () => {
      expect(translate('around 25k')).toEqual(and(comparison('gte', 'price', 22500), comparison('lte', 'price', 27500)));
      expectAll([
        ['between 20k and 30k', 'price gte 20000 ; price lte 30000'],
        ['cars between 10 and 15 thousand', 'price gte 10000 ; price lte 15000'],
        ['between fifteen and twenty thousand', 'price gte 15000 ; price lte 20000'],
        ['from $10,000 to $15,000', 'price gte 10000 ; price lte 15000'],
        ['$25k-$35k', 'price gte 25000 ; price lte 35000'],
        ['20-30k', 'price gte 20000 ; price lte 30000'],
        ['15k to 20k', 'price gte 15000 ; price lte 20000'],
        ['50,000 to 80,000 km', 'kilometers gte 50000 ; kilometers lte 80000'],
        ['between 300 and 400 hp', 'horse_power gte 300 ; horse_power lte 400'],
        ['about 35k', 'price gte 31500 ; price lte 38500'],
        ['approximately $18,000', 'price gte 16200 ; price lte 19800'],
        ['truck around 40 grand', 'type eq Truck ; price gte 36000 ; price lte 44000'],
        ['~15k', 'price gte 13500 ; price lte 16500'],
        ['in the 30k range', 'price gte 27000 ; price lte 33000'],
        ['25k give or take', 'price gte 22500 ; price lte 27500'],
        ['around 100k km', 'kilometers gte 90000 ; kilometers lte 110000'],
        ['at least 20k but no more than 30k', 'price gte 20000 ; price lte 30000'],
      ]);
    });

    it('reads model years', () => expectAll([
      ['2021 Ford F-150', 'year eq 2021 ; manufacturer eq Ford ; model eq F-150'],
      ['2019 or newer Mazda CX-5', 'year gte 2019 ; manufacturer eq Mazda ; model eq CX-5'],
      ['2020+ Toyota Tacoma', 'year gte 2020 ; manufacturer eq Toyota ; model eq Tacoma'],
      ['2018 or later', 'year gte 2018'],
      ['2019 and up', 'year gte 2019'],
      ['at least 2019', 'year gte 2019'],
      ['since 2020', 'year gte 2020'],
      ['no older than 2017', 'year gte 2017'],
      ['newer than 2020 Kia', 'year gt 2020 ; manufacturer eq Kia'],
      ['after 2020', 'year gt 2020'],
      ['pre-2015', 'year lt 2015'],
      ['before 2016', 'year lt 2016'],
      ['cars older than 2012', 'year lt 2012'],
      ['2015 or older', 'year lte 2015'],
      ['no newer than 2016', 'year lte 2016'],
      ['2015 to 2018 Jeep Grand Cherokee', 'year gte 2015 ; year lte 2018 ; manufacturer eq Jeep ; model eq Grand Cherokee'],
      ['subaru forester 2015-2018', 'manufacturer eq Subaru ; model eq Forester ; year gte 2015 ; year lte 2018'],
      ['2016 through 2019 Ford Explorer', 'year gte 2016 ; year lte 2019 ; manufacturer eq Ford ; model eq Explorer'],
      ['from 2018 to 2020', 'year gte 2018 ; year lte 2020'],
      ['a truck from 2015 or newer with 4x4', 'type eq Truck ; year gte 2015 ; drive_train eq 4WD'],
      ['2022 or 2023 Honda', 'year in 2022,2023 ; manufacturer eq Honda'],
    ]));
  });

  describe('body, color, fuel, transmission, drive train', () => {
    it('maps synonyms to canonical values', () => expectAll([
      ['pickup trucks', 'type eq Truck'],
      ['a crossover with AWD', 'type eq SUV ; drive_train eq AWD'],
      ["SUV's", 'type eq SUV'],
      ['station wagon', 'type eq Wagon'],
      ['cargo van', 'type eq Van'],
      ['8 passenger minivan', 'seats eq 8 ; type eq Minivan'],
      ['grey SUV', 'color eq Gray ; type eq SUV'],
      ['gas-powered truck', 'fuel_type eq Gasoline ; type eq Truck'],
      ['EVs', 'fuel_type eq Electric'],
      ['PHEV SUV', 'fuel_type eq Plug-in Hybrid ; type eq SUV'],
      ['plug-in', 'fuel_type eq Plug-in Hybrid'],
      ['hybrid', 'fuel_type eq Hybrid'],
      ['automatic only', 'transmission eq Automatic'],
      ['stick shift Mazda MX-5', 'transmission eq Manual ; manufacturer eq Mazda ; model eq MX-5'],
      ['a stick', 'transmission eq Manual'],
      ['all-wheel-drive', 'drive_train eq AWD'],
      ['four wheel drive SUV', 'drive_train eq 4WD ; type eq SUV'],
      ['a 4x4 pickup', 'drive_train eq 4WD ; type eq Truck'],
      ['front-wheel drive Honda', 'drive_train eq FWD ; manufacturer eq Honda'],
      ['rear wheel drive coupe', 'drive_train eq RWD ; type eq Coupe'],
    ]));

    it("understands the words of dealers' feeds (one table with the upload)", () => expectAll([
      ['a liftback', 'type eq Hatchback'],
      ['4motion wagon', 'drive_train eq AWD ; type eq Wagon'],
      ['tiptronic or dual clutch', 'transmission eq Automatic'],
      ['flex fuel truck', 'fuel_type eq Gasoline ; type eq Truck'],
      ['E85', 'fuel_type eq Gasoline'],
      ['4x2 pickup', 'drive_train eq RWD ; type eq Truck'],
    ]));

    it('reads no fuel into a feed-only word ("flex" is a Ford model here) or natural gas', () => expectAll([
      ['ford flex', 'manufacturer eq Ford'],
      ['do you hve any suvs', 'type eq SUV'],
      ['natural gas truck', 'type eq Truck'],
    ]));
  });

  describe('seats, doors, horse power, payments', () => {
    it('reads counts and monthly payments', () => expectAll([
      ['7 seater', 'seats eq 7'],
      ['seven-passenger SUV', 'seats eq 7 ; type eq SUV'],
      ['seating for eight', 'seats eq 8'],
      ['SUV with a third row', 'type eq SUV ; seats gte 7'],
      ['3rd row seating under 30k', 'seats gte 7 ; price lt 30000'],
      ['seats at least 6', 'seats gte 6'],
      ['at least 7 seats', 'seats gte 7'],
      ['5 or more seats', 'seats gte 5'],
      ['2-door Jeep Wrangler', 'doors eq 2 ; manufacturer eq Jeep ; model eq Wrangler'],
      ['two door coupe under 20k', 'doors eq 2 ; type eq Coupe ; price lt 20000'],
      ['4dr sedan', 'doors eq 4 ; type eq Sedan'],
      ['over 300 hp', 'horse_power gt 300'],
      ['300+ hp', 'horse_power gte 300'],
      ['three hundred horsepower or more', 'horse_power gte 300'],
      ['hp over 400', 'horse_power gt 400'],
      ['lease under $400 a month', 'monthly_lease_payment lt 400'],
      ['under $350/mo lease', 'monthly_lease_payment lt 350'],
      ['new Toyota with lease payments under 500/month', 'condition eq new ; manufacturer eq Toyota ; monthly_lease_payment lt 500'],
      ['payments under 500 a month', 'monthly_finance_payment lt 500'],
      ['monthly payment under $450', 'monthly_finance_payment lt 450'],
      ['finance payment at most $300 a month', 'monthly_finance_payment lte 300'],
      ['payments below $400 monthly', 'monthly_finance_payment lt 400'],
      ['lease under 400 or finance under 500', 'or(monthly_lease_payment lt 400, monthly_finance_payment lt 500)'],
    ]));
  });

  describe('options, accidents, certification, condition', () => {
    it('reads features as contain, and "without" as not(contain)', () => expectAll([
      ['with sunroof', 'options contain sunroof'],
      ['navigation and heated seats', 'options contain navigation ; options contain heated seats'],
      ['Honda Civic with apple carplay', 'manufacturer eq Honda ; model eq Civic ; options contain apple carplay'],
      ['with carplay', 'options contain apple carplay'],
      ['with a backup cam', 'options contain backup camera'],
      ['nav', 'options contain navigation'],
      ['truck without a sunroof', 'type eq Truck ; not(options contain sunroof)'],
      ['no leather, with sunroof', 'not(options contain leather) ; options contain sunroof'],
      ['without navigation or sunroof', 'not(options contain navigation) ; not(options contain sunroof)'],
      ['heated leather seats', 'options contain heated seats ; options contain leather seats'],
      ['with leather or sunroof', 'or(options contain leather, options contain sunroof)'],
    ]));

    it('reads accident history', () => expectAll([
      ['no accidents', 'accident eq false'],
      ['accident-free Toyota', 'accident eq false ; manufacturer eq Toyota'],
      ['clean history Honda Accord', 'accident eq false ; manufacturer eq Honda ; model eq Accord'],
      ['never been in an accident', 'accident eq false'],
      ['clean carfax Subaru', 'accident eq false ; manufacturer eq Subaru'],
      ['cars with an accident reported', 'accident eq true'],
      ['has had an accident', 'accident eq true'],
    ]));

    it('reads certified (also used) and condition', () => expectAll([
      ['certified pre-owned Honda', 'certified eq true ; condition eq used ; manufacturer eq Honda'],
      ['CPO Lexus RX', 'certified eq true ; condition eq used ; manufacturer eq Lexus ; model eq RX'],
      ['Toyota that is not certified', 'manufacturer eq Toyota ; certified eq false'],
      ['non-certified used Honda', 'certified eq false ; condition eq used ; manufacturer eq Honda'],
      ['brand-new Hyundai Tucson', 'condition eq new ; manufacturer eq Hyundai ; model eq Tucson'],
      ['second-hand Nissan Rogue', 'condition eq used ; manufacturer eq Nissan ; model eq Rogue'],
      ['like new Honda', 'manufacturer eq Honda'],
    ]));
  });

  describe('identifiers', () => {
    it('reads VINs and stock numbers as eq', () => expectAll([
      ['VIN 3TMWXBF99FD927107', 'vin eq 3TMWXBF99FD927107'],
      ['1GTCDPLD6SB824441', 'vin eq 1GTCDPLD6SB824441'],
      ['vin is knDCYNUW7RS078200', 'vin eq KNDCYNUW7RS078200'],
      ['stock # U37430', 'stock_number eq U37430'],
      ['stock number N65254', 'stock_number eq N65254'],
      ['stk N78294', 'stock_number eq N78294'],
      ['#U66551', 'stock_number eq U66551'],
      ['N66117', 'stock_number eq N66117'],
    ]));
  });

  describe('negation, lists and or', () => {
    it('negates with not / no / except / anything but / without', () => expectAll([
      ['SUV not red', 'type eq SUV ; color ne Red'],
      ['anything but black', 'color ne Black'],
      ['no trucks', 'type ne Truck'],
      ['no SUVs', 'type ne SUV'],
      ['not a Toyota', 'manufacturer ne Toyota'],
      ['used cars except Toyota', 'condition eq used ; manufacturer ne Toyota'],
      ['sedan, not white or silver', 'type eq Sedan ; color nin White,Silver'],
      ['no SUVs or trucks under 20k', 'type nin SUV,Truck ; price lt 20000'],
      ['Honda but not a Civic', 'manufacturer eq Honda ; model ne Civic'],
      ['not a Toyota Camry', 'model ne Camry'],
      ['SUV that isn\'t gray', 'type eq SUV ; color ne Gray'],
      ["don't want a manual", 'transmission ne Manual'],
      ['non-hybrid', 'fuel_type ne Hybrid'],
      ['everything except trucks and vans', 'type nin Truck,Van'],
      ['any make but Ford', 'manufacturer ne Ford'],
      ['any colour but red', 'color ne Red'],
      ['neither red nor blue', 'color nin Red,Blue'],
      ['no hybrids or EVs', 'fuel_type nin Hybrid,Electric'],
      ['non-CPO Toyota', 'certified eq false ; manufacturer eq Toyota'],
      ['automatic, not diesel, under 30k', 'transmission eq Automatic ; fuel_type ne Diesel ; price lt 30000'],
      ['no more than 40K for a truck', 'price lte 40000 ; type eq Truck'],
    ]));

    it('turns lists into in and mixed alternatives into or', () => expectAll([
      ['Honda or Toyota', 'manufacturer in Honda,Toyota'],
      ['Camry, Accord or Altima', 'model in Camry,Accord,Altima'],
      ['hybrid or electric', 'fuel_type in Hybrid,Electric'],
      ['white/silver/gray SUV', 'color in White,Silver,Gray ; type eq SUV'],
      ['Kia or Hyundai hybrid', 'manufacturer in Kia,Hyundai ; fuel_type eq Hybrid'],
      ['AWD or 4WD SUV under 25k', 'drive_train in AWD,4WD ; type eq SUV ; price lt 25000'],
      ['f150 or ram 1500', 'model in F-150,1500'],
      ['a Tesla or any plug-in hybrid', 'or(manufacturer eq Tesla, fuel_type eq Plug-in Hybrid)'],
      ['Tesla or any EV under 50k', 'or(manufacturer eq Tesla, fuel_type eq Electric) ; price lt 50000'],
      ['red Jeep or a blue Ford', 'or(and(color eq Red, manufacturer eq Jeep), and(color eq Blue, manufacturer eq Ford))'],
      ['SUV under 30k or truck under 40k', 'or(and(type eq SUV, price lt 30000), and(type eq Truck, price lt 40000))'],
      ['Honda Civic or Toyota Corolla under 20k', 'or(and(manufacturer eq Honda, model eq Civic), and(manufacturer eq Toyota, model eq Corolla)) ; price lt 20000'],
      ['under 20k or over 50k', 'or(price lt 20000, price gt 50000)'],
      ['used Honda Civic or Toyota Corolla', 'condition eq used ; or(and(manufacturer eq Honda, model eq Civic), and(manufacturer eq Toyota, model eq Corolla))'],
      ['either Honda CR-V or Toyota RAV4', 'or(and(manufacturer eq Honda, model eq CR-V), and(manufacturer eq Toyota, model eq RAV4))'],
      ['white or silver Subaru Forester or Outback', 'color in White,Silver ; manufacturer eq Subaru ; model in Forester,Outback'],
    ]));
  });

  describe('compound queries, word order and filler', () => {
    it('ands every condition, in any order', () => expectAll([
      ['awd suv with third row under 45k', 'drive_train eq AWD ; type eq SUV ; seats gte 7 ; price lt 45000'],
      ['used AWD Subaru Outback under $25,000 with less than 100,000 km', 'condition eq used ; drive_train eq AWD ; manufacturer eq Subaru ; model eq Outback ; price lt 25000 ; kilometers lt 100000'],
      ['2018 or newer Honda CR-V EX-L under 28k with no accidents', 'year gte 2018 ; manufacturer eq Honda ; model eq CR-V ; trim eq EX-L ; price lt 28000 ; accident eq false'],
      ['red or white Toyota Camry 2018-2020 under 22k with less than 60,000 km and no accidents', 'color in Red,White ; manufacturer eq Toyota ; model eq Camry ; year gte 2018 ; year lte 2020 ; price lt 22000 ; kilometers lt 60000 ; accident eq false'],
      ['4wd truck under 30k with less than 150k km', 'drive_train eq 4WD ; type eq Truck ; price lt 30000 ; kilometers lt 150000'],
      ['under 25k, Honda, automatic', 'price lt 25000 ; manufacturer eq Honda ; transmission eq Automatic'],
      ['Subaru, AWD, under 30k', 'manufacturer eq Subaru ; drive_train eq AWD ; price lt 30000'],
      ['Camry 2019 red', 'model eq Camry ; year eq 2019 ; color eq Red'],
      ['my wife wants a white SUV', 'color eq White ; type eq SUV'],
      ["I'm interested in a used truck", 'condition eq used ; type eq Truck'],
      ['looking for a red Mazda under 25,000', 'color eq Red ; manufacturer eq Mazda ; price lt 25000'],
      ['need something with AWD for the winter', 'drive_train eq AWD'],
      ['under 20k, a Honda Civic, 2018 or newer, automatic', 'price lt 20000 ; manufacturer eq Honda ; model eq Civic ; year gte 2018 ; transmission eq Automatic'],
      ['Hey, could you please show me whatever Toyota Corollas you have available right now?', 'manufacturer eq Toyota ; model eq Corolla'],
      ['um, like, a red car I guess', 'color eq Red'],
    ]));
  });
});
