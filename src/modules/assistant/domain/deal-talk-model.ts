/**
 * Deal talk read by a learned model: a logistic regression over the words of a message as deal-request.ts reads it
 * (amounts already marked by kind, Spanish and French in English, chat spellings standard), with that file's two
 * rules as features of their own, trained on the hand-labelled tuning sets by `npm run train:deal-talk`
 * (scripts/train-deal-talk-model.mjs) and stored as weights in deal-talk-model.weights.json.
 *
 * Why a model: rules grew one wording at a time, and each blind set brought wordings the last did not (held-out
 * recall 0.91-0.97). Words, pairs, triples and letter groups weighed together learn from every labelled message at
 * once; the rules still count, as two strong features the words can outweigh.
 */
import { AMOUNT_MARKS } from './amount-marks';

/** Each kind of amount mark, as a word. */
const MARK_WORDS: Readonly<Record<string, string>> = {
  [AMOUNT_MARKS.PRICE]: '<price>',
  [AMOUNT_MARKS.OTHER_MONEY]: '<other_money>',
  [AMOUNT_MARKS.BUDGET]: '<budget>',
  [AMOUNT_MARKS.PERCENT]: '<percent>',
  [AMOUNT_MARKS.BARE]: '<bare>',
};

const TOKEN = new RegExp(`[${Object.values(AMOUNT_MARKS).join('')}]|[a-z]+(?:'[a-z]+)*|\\d+`, 'g');

/**
 * Words for distance read as one: "lowest km" is "lowest mileage". Otherwise a unit the sets rarely show ("km", "kms")
 * weighs nothing and a short question about it is read from its other words alone (a model name, "lowest").
 */
const DISTANCE = new Set(['mileage', 'miles', 'km', 'kms', 'kilometers', 'kilometres', 'kilometrage', 'kilometraje', 'klicks', 'odometer']);

function tokenWord(token: string): string {
  const mark = MARK_WORDS[token];
  if (mark) return mark;
  if (DISTANCE.has(token)) return 'mileage';
  if (/^\d+$/.test(token)) return token.length === 4 ? '<year_or_4>' : '<number>';
  return token;
}

/** The words, pairs, triples and letter groups of each sentence of `read` (text as deal-request.ts reads it), as feature names. */
export function ngramFeatures(read: string): string[] {
  const features = new Set<string>();
  for (const sentence of read.split(/[.!?;\n]+/)) {
    const words = ['<s>', ...(sentence.match(TOKEN) ?? []).map(tokenWord), '</s>'];
    if (words.length === 2) continue;
    for (let i = 0; i < words.length; i += 1) {
      if (i > 0 && i < words.length - 1) features.add(`w:${words[i]}`);
      // Five letters of a longer word stand for its forms and misspellings ("negotiable", "negotiate", "negociable" share " nego").
      if (i > 0 && i < words.length - 1 && !words[i].startsWith('<') && words[i].length > 4) {
        const padded = ` ${words[i]} `;
        for (let c = 0; c + 5 <= padded.length; c += 1) features.add(`c:${padded.slice(c, c + 5)}`);
      }
      if (i + 1 < words.length) features.add(`b:${words[i]} ${words[i + 1]}`);
      if (i + 2 < words.length) features.add(`t:${words[i]} ${words[i + 1]} ${words[i + 2]}`);
      // Pairs a few words apart: "take 2k off" and "take about 2k off" share "take … off".
      if (i > 0) for (let j = i + 2; j < Math.min(words.length - 1, i + 5); j += 1) features.add(`k:${words[i]} ${words[j]}`);
    }
  }
  if (read.includes('?')) features.add('asks?');
  return [...features];
}

/** Weights learned for each feature name; names not in `weights` weigh nothing. */
export interface DealTalkModel {
  /**
   * The probability from which a message is deal talk: the lowest that keeps precision >= 0.95 when
   * `npm run train:deal-talk -- --cv` scores each set of customers' price talk with a model trained without it
   * (a missed deal costs more than an extra hand-off, and the target is recall first).
   */
  readonly threshold: number;
  readonly bias: number;
  readonly weights: Readonly<Record<string, number>>;
}

/** The model's probability that a message with `features` asks for a deal. */
export function dealTalkProbability(model: DealTalkModel, features: readonly string[]): number {
  let z = model.bias;
  for (const f of features) z += model.weights[f] ?? 0;
  return 1 / (1 + Math.exp(-z));
}
