import { ArgumentMetadata } from '@nestjs/common';
import { ValidationError } from '../errors/domain-error';
import { PagingQuery } from './paging.query';
import { createValidationPipe } from './validation';

class ListQuery extends PagingQuery(100) {}
const pipe = createValidationPipe();
const metadata: ArgumentMetadata = { type: 'query', metatype: ListQuery };
const parse = (query: Record<string, string>) => pipe.transform(query, metadata) as Promise<ListQuery>;

describe(PagingQuery.name, () => {
  it('defaults to Skip 0 and Take 20', async () => {
    expect(await parse({})).toMatchObject({ Skip: 0, Take: 20 });
  });

  it('accepts the bounds, Take up to the given maximum', async () => {
    expect(await parse({ Skip: '2147483647', Take: '100' })).toMatchObject({ Skip: 2147483647, Take: 100 });
    expect(await parse({ Skip: '0', Take: '1' })).toMatchObject({ Skip: 0, Take: 1 });
  });

  it.each([
    ['Take', '0'], ['Take', '101'], ['Take', ''], ['Take', '2.5'], ['Take', 'ten'],
    ['Skip', '-1'], ['Skip', '2147483648'], ['Skip', '1e3'],
  ])('refuses %s=%j with a 400, never a clamp', async (name, value) => {
    await expect(parse({ [name]: value })).rejects.toBeInstanceOf(ValidationError);
  });

  it('says only what is wrong: a value that is not an integer is not also "over the maximum"', async () => {
    await expect(parse({ Take: 'abc' })).rejects.toMatchObject({ details: [{ field: 'Take', errors: ['Take must be an integer number'] }] });
    await expect(parse({ Take: '101' })).rejects.toMatchObject({ details: [{ field: 'Take', errors: ['Take must not be greater than 100'] }] });
  });

  it('builds an independent base per maximum', async () => {
    class WideQuery extends PagingQuery(500) {}
    expect(await pipe.transform({ Take: '500' }, { type: 'query', metatype: WideQuery })).toMatchObject({ Take: 500 });
    await expect(parse({ Take: '500' })).rejects.toBeInstanceOf(ValidationError);
  });
});
