import { and, comparison } from '../../../../libs/common/vehicle/filter-expression';
import { refine, releasedAttributes } from './refine';

const white = comparison('in', 'color', ['White']);
const silver = comparison('in', 'color', ['Silver']);
const rav4 = comparison('eq', 'model', 'RAV4');
const under50k = comparison('lte', 'price', 50000);

describe('refine', () => {
  it('replaces the conditions on the attributes the follow-up names and keeps the others', () => {
    const out = refine({ filter: and(white, rav4), sort: null }, { filter: and(silver), sort: null });
    expect(out.filter).toEqual(and(rav4, silver));
  });

  it('adds a condition on a new attribute and keeps the earlier order', () => {
    const out = refine({ filter: and(rav4), sort: 'year_desc' }, { filter: and(under50k), sort: null });
    expect(out.filter).toEqual(and(rav4, under50k));
    expect(out.sort).toBe('year_desc');
  });

  it('takes the follow-up order ("the cheapest of those") over the earlier one', () => {
    const cheapest = 'price_asc' as const;
    const out = refine({ filter: and(white, rav4), sort: null }, { filter: and(), sort: cheapest });
    expect(out).toEqual({ filter: and(white, rav4), sort: cheapest });
  });

  it('replaces a whole earlier condition group that touches a named attribute', () => {
    const either = { kind: 'operation', operator: 'or', arguments: [white, comparison('eq', 'model', 'Corolla')] } as const;
    const out = refine({ filter: and(either, under50k), sort: null }, { filter: and(silver), sort: null });
    expect(out.filter).toEqual(and(under50k, silver));
  });

  it('takes a make or a model named anew for another car, and a trim alone as narrowing the model', () => {
    const toyota = comparison('eq', 'manufacturer', 'Toyota');
    const honda = comparison('eq', 'manufacturer', 'Honda');
    const civic = comparison('eq', 'model', 'Civic');
    const xle = comparison('eq', 'trim', 'XLE');
    expect(refine({ filter: and(white, rav4), sort: null }, { filter: and(honda), sort: null }).filter).toEqual(and(white, honda));
    expect(refine({ filter: and(toyota, under50k), sort: null }, { filter: and(civic), sort: null }).filter).toEqual(and(under50k, civic));
    expect(refine({ filter: and(toyota, rav4), sort: null }, { filter: and(xle), sort: null }).filter).toEqual(and(toyota, rav4, xle));
  });

  it('lets go of the attributes a follow-up frees ("in any colour")', () => {
    expect(releasedAttributes('what about the cheapest one in any colour')).toEqual(['color']);
    expect(releasedAttributes('whatever the year, and any make')).toEqual(['year', 'manufacturer']);
    expect(releasedAttributes('any of those under 20k')).toEqual([]);
    const out = refine({ filter: and(white, rav4), sort: null }, { filter: and(), sort: 'price_asc' }, ['color']);
    expect(out.filter).toEqual(and(rav4));
  });
});
