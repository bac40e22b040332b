/**
 * The built-in part of name matching: manufacturer and model slang, words that never stand for a
 * name on their own, and ordinary English words (never typo-corrected into a name). The names
 * themselves come at run time (name-index.ts).
 */
/** Manufacturer slang -> canonical manufacturer (resolved against the run-time names when present). */
export const MANUFACTURER_ALIASES: Readonly<Record<string, string>> = {
  chevy: 'Chevrolet',
  chev: 'Chevrolet',
  chevvy: 'Chevrolet',
  vw: 'Volkswagen',
  vdub: 'Volkswagen',
  volkswagon: 'Volkswagen',
  merc: 'Mercedes-Benz',
  mercedes: 'Mercedes-Benz',
  benz: 'Mercedes-Benz',
  mb: 'Mercedes-Benz',
  mercedez: 'Mercedes-Benz',
  bimmer: 'BMW',
  beemer: 'BMW',
  beamer: 'BMW',
  caddy: 'Cadillac',
  caddie: 'Cadillac',
  subie: 'Subaru',
  scoobie: 'Subaru',
  yota: 'Toyota',
  lambo: 'Lamborghini',
  alfa: 'Alfa Romeo',
  aston: 'Aston Martin',
  landrover: 'Land Rover',
  jag: 'Jaguar',
  hyundia: 'Hyundai',
  mitsu: 'Mitsubishi',
  vauxhall: 'Vauxhall',
  gm: 'GMC',
  'mercedes benz': 'Mercedes-Benz',
};

/** Model slang -> canonical model (used only when the run-time names contain the model). */
export const MODEL_ALIASES: Readonly<Record<string, string>> = {
  vette: 'Corvette',
  miata: 'MX-5',
  'mx5 miata': 'MX-5',
  mache: 'Mustang Mach-E',
  'mach e': 'Mustang Mach-E',
  wrangler: 'Wrangler',
  sil: 'Silverado',
  rav: 'RAV4',
  tacco: 'Tacoma',
  taco: 'Tacoma',
  'grand cherokee': 'Grand Cherokee',
  jgc: 'Grand Cherokee',
  'f 150': 'F-150',
  'f one fifty': 'F-150',
  cherokee: 'Cherokee',
  '3er': '3 Series',
  'three series': '3 Series',
  'five series': '5 Series',
  'four series': '4 Series',
  'model three': 'Model 3',
  'model why': 'Model Y',
};

/** Words that never start or end a model alias on their own (first or last word of a multi-word model). */
export const ALIAS_BLOCKLIST: ReadonlySet<string> = new Set([
  'grand', 'range', 'model', 'series', 'class', 'long', 'new', 'super', 'sport', 'sports', 'limited', 'cargo', 'crew', 'passenger', 'city',
  'country', 'town', 'land', 'rover', 'classic', 'custom', 'touring', 'coupe', 'wagon', 'van', 'truck', 'hybrid', 'electric', 'ev', 'plug',
  'in', 'gt', 'base', 'standard', 'premium', 'luxury', 'edition', 'the', 'a', 'of', 'and', 'heritage', 'max', 'plus', 'one', 'two', 'xl', 'lightning',
  'santa', 'mini', 'express', 'special', 'club', 'work', 'pickup', 'cab', 'chassis', 'duty', 'heavy', 'light', 'high', 'low', 'turbo', 'diesel',
]);

/** Trims that read as ordinary words: matched only right after a model/manufacturer or next to "trim". */
export const TRIM_STANDALONE_BLOCKLIST: ReadonlySet<string> = new Set([
  'sport', 'sports', 'base', 'standard', 'premium', 'luxury', 'performance', 'turbo', 'light', 'custom', 'classic', 'elite', 'signature',
  'advanced', 'advance', 'ultimate', 'explore', 'wind', 'outdoor', 'cargo', 'crew', 'passenger', 'pro', 'plus', 'edition', 'select', 'special',
  'value', 'launch', 'limited', 'touring', 'essence', 'reserve', 'summit', 'altitude', 'elevation', 'latitude', 'convenience', 'tech',
  'technology', 'comfort', 'prestige', 'premier', 'platinum', 'overland', 'wilderness', 'trailsport', 'classic', 'power', 'meridian',
  'autobiography', 'x', 's', 'l', 't', 'n', 'st', 'ex', 'ss', 'rs', 'gt', 'xl', 'se', 'le', 'ls', 'lt', 'lx', 'sx', 'sv', 'sl', 'gs', 'sr', 'es', 'si',
  'big bend', 'outer banks', 'pro s plus', 'window van', 'high country', 'rock creek', 'cross country', 'long range', 'standard range',
  'black', 'white', 'red', 'blue', 'silver', 'gray', 'green', 'hybrid', 'electric', 'awd', 'fwd', 'rwd', '4wd',
]);

/**
 * Ordinary English words that appear in car searches. They are never typo-corrected into a name or
 * a vocabulary word, and a catalog name spelled like one of them ("Fit", "City") is matched only
 * right after its manufacturer.
 */
export const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  `able about above across actually add affordable after again against age ago all almost alone along already also always am amazing among
  amount and another any anybody anyone anything anyway anywhere apart are area around as ask asking at available average avoid away baby back
  bad bag bargain basic be beautiful because become been before being believe below best better between beyond big bigger biggest bit black
  blue body book both bought box brand break bring brother budget build built bus business busy but buy buying by call came camp camping can
  cannot cant capacity car care cargo carry cars case cash cause certain chair change cheap cheaper cheapest check child children choice
  choose city class classic clean clear close clothes cold college color come comes comfortable comfort commute commuter commuting compact
  company condition cool cost could country couple course cover cozy crazy cross cute daily dark daughter day days deal deals decent
  definitely delivery dependable design did different do does dog dogs doing done dont door double down downtown drive driver driving drop
  during each early easy eco economic economical economy efficient either else end enough entire especially even evening ever every
  everyday everything exact exactly except expensive experience extra eye fairly family fancy far fast faster father favorite feel few
  find fine first fit fits five fix flat folks for four free friend friendly from front fuel full fun funky garage gave get gets getting
  give glad go goes going gone good got great green ground group grow guy had half hand handle handy happy hard has hate haul hauling have
  having he head hear heavy hello help her here high highway him his hit hold holiday home honest hope hot hour house how however huge
  husband idea if important in include including inside instead interested into is isnt it item its itself job just keep kid kids kind
  know large last late later least leave left less let life light like likely line little live local long look looking looks lot lots
  love lovely low lower lowest luxury luxurious made main make man many market maybe me mean mid middle might mind mine modern mom money
  month more morning most mostly mother move much must my near nearly need needed needs neither never new next nice night no none nor
  normal not nothing now number of off offer often ok okay old older on once one only open or order other our out outdoor outside over
  own owner owners paid park parking part party pay people per perfect person pet pets pick picked place plan please plenty plus point
  possible power powerful practical pretty price pro probably problem pull put quick quiet quite rather reach ready real really reason
  recent recently red reliable reliability rent rental require right road room rough run running safe safety said same save say school
  seat second see seem seen sell send serious set several shape she shop short should show side simple since single size sleek slow
  small smart smooth snow so solid some someone something son soon sort space spacious speed spend sport sporty spring square standard
  start state stay still stop store story street strong student stuff style stylish such summer super sure take talk tall team teen
  teenager tell than thanks that the their them then there these they thing things think this those though three through time tiny to
  today together too top total tough tow towing town track trade traffic trail travel trip trips true try turn two type under until up
  upon us use useful usual usually value very want wants was way we week weekend weekly well went were what when where whether which while
  white who whole why wife will winter wish with within without woman work working worth would wow yeah year years yes yet you young
  your yours zero efficient mpg fuel-efficient gas-guzzler guzzler roomy rugged offroad off-road adventure adventures beach lake mountain
  mountains camping skiing ski hauling boat trailer horse horses dogs groceries grocery college kids work commute contractor business
  uber lyft delivery rideshare teen teenager student first-time beginner learner
  accept accepts accepted afford allow apply approve approved arrange consider considering contact deliver deposit email included
  insurance lend match matching offered offering owe paying quote receive reserve return selling ship sign sold spent test trading transfer visit
  warranty`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);
