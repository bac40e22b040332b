import * as fs from 'node:fs';
import * as path from 'node:path';
import trainedModel from './deal-talk-model.weights.json';
import { AMOUNT_MARKS } from './amount-marks';
import { dealTalkFeatures, isDealRequest } from './deal-request';
import { dealTalkProbability, ngramFeatures } from './deal-talk-model';

describe(ngramFeatures.name, () => {
  it('gives the words, pairs and triples of each sentence, with its ends', () => {
    const features = ngramFeatures('can you do better. thanks');
    expect(features).toEqual(expect.arrayContaining(['w:can', 'w:better', 'b:<s> can', 'b:do better', 'b:better </s>', 't:you do better', 'k:can do', 'w:thanks']));
    // No pair spans two sentences.
    expect(features).not.toContain('b:better thanks');
    expect(features).not.toContain('k:better thanks');
  });

  it('reads amounts by the kind deal-request.ts marks them with, and a question as such', () => {
    expect(ngramFeatures(`would you take ${AMOUNT_MARKS.PRICE} for it?`)).toEqual(expect.arrayContaining(['b:take <price>', 'b:<price> for', 'asks?']));
    expect(ngramFeatures(`i can put ${AMOUNT_MARKS.OTHER_MONEY} down`)).toContain('w:<other_money>');
    expect(ngramFeatures('the 2019 one')).toContain('w:<year_or_4>');
  });

  it('reads every word for distance as mileage, so that a rare unit weighs what the common one does', () => {
    for (const unit of ['km', 'kms', 'kilometres', 'miles', 'odometer']) expect(ngramFeatures(`lowest ${unit} used crv`)).toContain('b:lowest mileage');
  });

  it('gives five-letter groups of longer words, so that forms and misspellings share some', () => {
    const shared = (a: string, b: string) => ngramFeatures(a).filter((f) => f.startsWith('c:') && ngramFeatures(b).includes(f));
    expect(shared('is it negotiable', 'is it negociable')).toEqual(expect.arrayContaining(['c: nego', 'c:iable']));
    expect(ngramFeatures('can you')).not.toContain('c: can ');
  });
});

describe(dealTalkProbability.name, () => {
  const model = { threshold: 0.5, bias: -1, weights: { 'w:discount': 3, 'w:hours': -2 } };

  it('adds the weights of the features it knows to the bias', () => {
    expect(dealTalkProbability(model, [])).toBeCloseTo(1 / (1 + Math.exp(1)));
    expect(dealTalkProbability(model, ['w:discount', 'w:unknown'])).toBeCloseTo(1 / (1 + Math.exp(-2)));
    expect(dealTalkProbability(model, ['w:hours'])).toBeLessThan(0.1);
  });
});

describe('the trained deal-talk model', () => {
  it('was trained on the tuning sets and the examples only, never on a held-out set', () => {
    expect(trainedModel.trainedOn.length).toBeGreaterThan(0);
    for (const file of trainedModel.trainedOn) expect(file).toMatch(/^(?:tuning[-\w]*|examples)\.jsonl$/);
    expect(trainedModel.threshold).toBeGreaterThan(0);
    expect(trainedModel.threshold).toBeLessThan(1);
  });

  it('is trained on no text that a held-out set also holds, case and spacing aside (the texts compared, never printed)', () => {
    const dir = path.join(__dirname, '../../../../test/fixtures/deal-requests');
    const texts = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter((l) => l.trim() !== '')
      .map((l) => (JSON.parse(l) as { text: string }).text.trim().toLowerCase().split(/\s+/).join(' '));
    const heldOut = new Set(fs.readdirSync(dir).filter((f) => f.startsWith('held-out')).flatMap(texts));
    expect(heldOut.size).toBeGreaterThan(1000);
    const shared = trainedModel.trainedOn.flatMap(texts).filter((t) => heldOut.has(t)).length;
    expect(shared).toBe(0);
  });

  it('weighs the rules as features of their own', () => {
    expect(dealTalkFeatures('Can you knock $2,000 off the Civic?')).toContain('rule:price_change');
    expect(dealTalkFeatures('what would you give me for my 2015 accord on trade')).toContain('rule:appraisal');
    expect(dealTalkFeatures('what time do you open on saturday?').filter((f) => f.startsWith('rule:'))).toEqual([]);
  });

  it('reads short everyday questions in a thread as no deal talk', () => {
    for (const text of ['hello', 'the first one', 'newest of those', 'any paused conversations?', 'ok thanks']) expect(isDealRequest(text)).toBe(false);
  });

  it('reads a question about kilometres as one about mileage, not from the model name or "lowest" around it', () => {
    // Both were handed off as deal talk while "km" weighed nothing (the assistant's blind-3 set).
    for (const text of ['lowest km used crv?', 'km on the gold ford ranger?', 'lowest mileage used crv?']) expect(isDealRequest(text)).toBe(false);
    expect(isDealRequest('whats the lowest you can go on the ranger?')).toBe(true);
  });
});
