/**
 * Which words of a query `unused_terms` names (decisions.md section 4): every word no condition,
 * order or link used, except the words that carry no wish of their own (FUNCTION_WORDS: "looking
 * for", "please", "we", "would"). Filler of the lexicon is not named either, except the
 * UNANSWERED_WORDS: wishes the data has no attribute for ("reliable", "family car").
 */

/** Grammar, politeness and chat: never a wish. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any anybody anyone are as at be because been before being below between both but by
  can cant could did didnt do does doesnt doing dont down during each either else ever every few for from further get gets getting go goes
  going gonna got gotta had has hasnt have havent having he her here hers herself him himself his how however i id if ill im in into is isnt
  it its itll itself ive just kinda let lets like looking look me might mine more most much must my myself need needs neither no nor not now
  of off ok okay on once only or other ought our ours ourselves out over own per please pls plz really right same shall she should so some
  someone something such than thank thanks thx that thats the their theirs them themselves then there theres these they theyre thing things
  this those through to too u under until up upon us very wanna want wanted wants was wasnt way we well were what whats when where whether
  which while who whom whose why will with within without wont would wouldnt ya yall yeah yes yet you youd youll your youre yours yourself
  hi hey hello hiya morning afternoon evening dear sir madam folks guys team asap soon today tomorrow tonight week weekend currently still
  also anyway maybe perhaps possibly probably actually basically literally honestly seriously definitely preferably ideally hopefully
  wondering wonder curious interested checking searching seeking hunting help find show see give tell know think thinking guess suppose
  around somewhere anywhere thing stuff lot lots bit little pretty quite rather fairly`.split(/\s+/).filter(Boolean),
);

/** Filler of the lexicon that is a wish the vocabulary cannot answer: named in `unused_terms`. */
export const UNANSWERED_WORDS: ReadonlySet<string> = new Set([
  'cheap', 'affordable', 'inexpensive', 'reliable', 'family', 'nice', 'decent', 'quality', 'loaded', 'dark', 'light', 'bright', 'metallic',
  'pearl', 'matte', 'like new', 'as new', 'nearly new', 'almost new', 'new looking', 'natural gas', 'cng', 'lpg', 'propane', 'hydrogen',
]);
