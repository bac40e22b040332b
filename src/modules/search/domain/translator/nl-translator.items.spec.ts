import { translateQuery } from './nl-translator';
import { referenceTranslator } from '../../../../../test/support/search/translator-expectations';

/**
 * Sentences that name several cars, each with its own conditions, and the plural and glued ways
 * shoppers write names (classes the generated evaluation, `npm run eval:search-generated`, found
 * missed on its tuning seed).
 */
describe(translateQuery.name, () => {
  const { expectAll } = referenceTranslator();

  it('keeps each described car\'s conditions with it across "or"', () => expectAll([
    ['a 4x4 f-150 or a white explorer', 'or(and(model eq F-150, drive_train eq 4WD), and(model eq Explorer, color eq White))'],
    ['a grey volkswagen or a subaru in red pls', 'or(and(manufacturer eq Volkswagen, color eq Gray), and(manufacturer eq Subaru, color eq Red))'],
    ['a 2018 jeep or an outback above 24k', 'or(and(manufacturer eq Jeep, year eq 2018), and(model eq Outback, price gt 24000))'],
    ['toyota corolla or crosstreks with a backup cam', 'model in Corolla,Crosstrek ; options contain backup camera'],
    ['used honda civic or toyota corolla', 'model in Civic,Corolla ; condition eq used'],
  ]));

  it('reads cars listed with commas before "or" as alternatives', () => expectAll([
    ['dodge challenger, audi q7 or vw gti', 'model in Challenger,Q7,GTI'],
    ['tacoma, ford f150 or frontier more than 30k miles', 'model in Tacoma,F-150,Frontier ; kilometers gt 48280'],
  ]));

  it('reads plurals and names run together', () => expectAll([
    ['toyota camries or navigators', 'model in Camry,Navigator'],
    ['do you have vws', 'manufacturer eq Volkswagen'],
    ['chevysilverados or toyota 4 runners', 'model in Silverado,4Runner'],
  ]));

  it('drops the shopper\'s own car with its model year and number name', () => expectAll([
    ['we have a 2023 4 series now and need more room, suv below 13 grand', 'type eq SUV ; price lt 13000'],
    ['my old 2020 mazda3 died, need fwd', 'drive_train eq FWD'],
  ]));

  it('reads "a four wheel drive" as a drive train, not an A4', () => expectAll([['a four wheel drive gmc', 'manufacturer eq GMC ; drive_train eq 4WD']]));
});
