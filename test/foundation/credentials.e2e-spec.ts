import { CreateDealerUseCase } from '../../src/modules/dealership/application/create-dealer.use-case';
import { ManageCredentialsUseCase } from '../../src/modules/dealership/application/manage-credentials.use-case';
import { CredentialRepository } from '../../src/modules/dealership/domain/credential.repository';
import { describeEachBackend } from '../support/backends';
import { createDealer, startTestApp, TestApp } from '../support/test-app';

/** Credential changes are all-or-nothing: a failure part-way leaves what was there. */
describeEachBackend('Credential changes are atomic', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { AUTH_CACHE_TTL_SECONDS: '0' });
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const failNextAdd = () => jest.spyOn(t.app.get(CredentialRepository), 'add').mockRejectedValueOnce(new Error('disk full'));
  const count = async (table: string, column: string, id: string) =>
    Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`, [id]))[0].n);

  it('a rotation whose new credential fails keeps the old one working', async () => {
    const dealer = await createDealer(t);
    failNextAdd();
    await expect(t.app.get(ManageCredentialsUseCase).rotate(dealer.dealerId)).rejects.toThrow('disk full');
    await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).expect(200);
  });

  it('a partner whose credential fails is not created, so creating it again works', async () => {
    failNextAdd();
    await expect(t.app.get(ManageCredentialsUseCase).createPartner('Atomic Partner')).rejects.toThrow('disk full');
    expect(await count('partners', 'id', 'atomic-partner')).toBe(0);
    await expect(t.app.get(ManageCredentialsUseCase).createPartner('Atomic Partner')).resolves.toMatchObject({ partner_id: 'atomic-partner' });
  });

  it('a dealership whose credential fails is not created', async () => {
    failNextAdd();
    await expect(t.app.get(CreateDealerUseCase).execute({ name: 'Atomic Motors' })).rejects.toThrow('disk full');
    expect(await count('dealerships', 'id', 'atomic-motors')).toBe(0);
  });
});
