import { INestApplicationContext } from '@nestjs/common';
import {
  BrandCreateDto,
  DomainError,
  ErrorCode,
  newTimeOrderedId,
  RegistrationStatusChangedEvent,
  Requests,
} from '@clarion/contracts';
import { MessagingClient, NATS_CONNECTION } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { NatsConnection } from 'nats';
import { RegistrationsEnv } from './registrations.env';
import { RegistrationsModule } from './registrations.module';

const BRAND: BrandCreateDto = {
  scenarioId: 'own_brand',
  businessType: 'PRIVATE_PROFIT',
  legalName: 'Acme Inc.',
  taxId: '12-3456789',
  website: 'https://acme.example.com',
  country: 'US',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  complianceContactEmail: 'compliance@acme.example.com',
  complianceContactPhone: '+14155550100',
};

describe('registrations', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await bootService(
      RegistrationsModule.forRoot(
        testEnv(RegistrationsEnv, { namespace, databaseUrl: database.url }),
      ),
    );
    await app.init();
    messaging = app.get(MessagingClient);
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  const customer = (accountId: string) => ({ accountId, actor: 'key:k1' });
  const createBrand = (accountId: string, brand: Partial<BrandCreateDto> = {}) =>
    messaging.request(Requests.createBrand, { ...BRAND, ...brand, ...customer(accountId) });
  const updateBrand = (accountId: string, update: object) =>
    messaging.request(Requests.updateBrand, { ...update, ...customer(accountId) });
  const updateCampaign = (accountId: string, update: object) =>
    messaging.request(Requests.updateCampaign, { ...update, ...customer(accountId) });
  const submit = (accountId: string, subject: 'brand' | 'campaign', operator = 'grace') =>
    messaging.request(Requests.submitRegistration, { accountId, subject, operator });
  const decide = (
    accountId: string,
    subject: 'brand' | 'campaign',
    status: 'approved' | 'rejected' | 'info_needed',
    reason?: string,
  ) =>
    messaging.request(Requests.decideRegistration, {
      accountId,
      subject,
      status,
      operator: 'grace',
      ...(reason && { reason }),
    });

  async function failureOf(work: Promise<unknown>): Promise<DomainError> {
    try {
      await work;
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
    throw new Error('the request succeeded');
  }

  async function auditRecords(): Promise<RegistrationStatusChangedEvent[]> {
    const nats = app.get<NatsConnection>(NATS_CONNECTION);
    const consumer = await nats.jetstream().consumers.get(`${namespace}_AUDIT`);
    const records: RegistrationStatusChangedEvent[] = [];
    for await (const message of await consumer.fetch({ max_messages: 1000, expires: 1_000 })) {
      expect(message.subject).toBe(`${namespace}.audit.registration.status-changed`);
      records.push(message.json<RegistrationStatusChangedEvent>());
    }
    return records;
  }

  it('creates a brand in pending_review, answers it, and refuses a second one with 409', async () => {
    const accountId = newTimeOrderedId();
    expect(await messaging.request(Requests.getBrand, { accountId })).toEqual({ brand: null });
    const created = await createBrand(accountId);
    expect(created).toEqual({
      accountId,
      ...BRAND,
      displayName: 'Acme Inc.',
      brandStatus: 'pending_review',
      campaignStatus: 'not_started',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await messaging.request(Requests.getBrand, { accountId })).toEqual({ brand: created });
    const second = await failureOf(createBrand(accountId, { legalName: 'Other' }));
    expect(second.code).toBe(ErrorCode.REGISTRATION_EXISTS);
    expect(second.fix).toMatch(/PATCH/);
  });

  it('creates exactly one brand when the same account creates concurrently', async () => {
    const accountId = newTimeOrderedId();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => createBrand(accountId, { legalName: `Acme ${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect((result.reason as DomainError).code).toBe(ErrorCode.REGISTRATION_EXISTS);
      }
    }
    const changes = await database.query(
      `SELECT to_status FROM registrations.status_changes WHERE account_id = $1`,
      [accountId],
    );
    expect(changes).toEqual([{ to_status: 'pending_review' }]);
  });

  it('lets concurrent first campaign updates and concurrent submissions change the status once', async () => {
    const accountId = newTimeOrderedId();
    await createBrand(accountId);
    const updates = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        updateCampaign(accountId, { [`campaignSample${(i % 4) + 1}`]: `sample ${i}` }),
      ),
    );
    expect(updates.every((u) => u.campaignStatus === 'pending_review')).toBe(true);
    const submissions = await Promise.allSettled([1, 2, 3].map(() => submit(accountId, 'brand')));
    expect(submissions.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    const changes = await database.query<{ subject: string; to_status: string }>(
      `SELECT subject, to_status FROM registrations.status_changes WHERE account_id = $1 ORDER BY at`,
      [accountId],
    );
    expect(changes).toEqual([
      { subject: 'brand', to_status: 'pending_review' },
      { subject: 'campaign', to_status: 'pending_review' },
      { subject: 'brand', to_status: 'in_progress' },
    ]);
    const sent = await database.query(
      `SELECT 1 FROM registrations.carrier_submissions WHERE account_id = $1`,
      [accountId],
    );
    expect(sent).toHaveLength(1);
  });

  it('patches with the rules applied to the merged brand', async () => {
    const accountId = newTimeOrderedId();
    await createBrand(accountId);
    const renamed = await updateBrand(accountId, { legalName: 'Acme Corp' });
    expect(renamed).toMatchObject({ legalName: 'Acme Corp', displayName: 'Acme Corp' });
    const toCanada = await failureOf(updateBrand(accountId, { country: 'CA' }));
    expect(toCanada.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(toCanada.message).toBe('taxId must be a 9-digit BN for country CA');
    const cleared = await updateBrand(accountId, { street: null, taxId: '987654321' });
    expect(cleared).not.toHaveProperty('street');
    expect(cleared).toMatchObject({ taxId: '987654321', brandStatus: 'pending_review' });
    expect((await failureOf(updateBrand(newTimeOrderedId(), { city: 'X' }))).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('runs the review: list, submit to carriers, locked edits, info_needed reopens editing', async () => {
    const accountId = newTimeOrderedId();
    await createBrand(accountId, { legalName: 'Review Co' });
    const queue = await messaging.request(Requests.listRegistrations, {});
    expect(queue).toContainEqual(
      expect.objectContaining({
        accountId,
        subject: 'brand',
        status: 'pending_review',
        legalName: 'Review Co',
      }),
    );

    const submitted = await submit(accountId, 'brand');
    expect(submitted.registration).toMatchObject({
      status: 'in_progress',
      carrierReference: expect.stringMatching(/^sandbox-brand-/),
    });
    expect(submitted.change).toMatchObject({
      from: 'pending_review',
      to: 'in_progress',
      actorRole: 'operator',
      actor: 'grace',
    });
    const locked = await failureOf(updateBrand(accountId, { website: 'https://review.test' }));
    expect(locked.code).toBe(ErrorCode.REGISTRATION_LOCKED);
    expect(locked.message).toContain('brandStatus in_progress');
    expect(locked.fix).toContain('info_needed');
    expect((await failureOf(submit(accountId, 'brand'))).code).toBe(
      ErrorCode.REGISTRATION_TRANSITION_INVALID,
    );
    expect((await failureOf(decide(accountId, 'brand', 'info_needed'))).code).toBe(
      ErrorCode.VALIDATION_FAILED,
    );

    await decide(accountId, 'brand', 'info_needed', 'The EIN does not match the legal name');
    const { brand } = await messaging.request(Requests.getBrand, { accountId });
    expect(brand).toMatchObject({
      brandStatus: 'info_needed',
      statusReason: 'The EIN does not match the legal name',
    });
    const resubmitted = await updateBrand(accountId, { legalName: 'Review Company LLC' });
    expect(resubmitted.brandStatus).toBe('pending_review');
    expect(resubmitted).not.toHaveProperty('statusReason');

    await submit(accountId, 'brand', 'alan');
    await decide(accountId, 'brand', 'approved');
    const shown = await messaging.request(Requests.showRegistrations, { accountId });
    expect(shown.brand?.brandStatus).toBe('approved');
    expect(shown.carrierReferences.brand).toMatch(/^sandbox-brand-/);
    expect(
      shown.statusChanges.map((c) => [c.from, c.to, c.actorRole, c.actor, c.reason ?? null]),
    ).toEqual([
      ['not_started', 'pending_review', 'customer', 'key:k1', null],
      ['pending_review', 'in_progress', 'operator', 'grace', null],
      ['in_progress', 'info_needed', 'operator', 'grace', 'The EIN does not match the legal name'],
      ['info_needed', 'pending_review', 'customer', 'key:k1', null],
      ['pending_review', 'in_progress', 'operator', 'alan', null],
      ['in_progress', 'approved', 'operator', 'grace', null],
    ]);
    expect(shown.statusChanges.every((c) => !Number.isNaN(Date.parse(c.at)))).toBe(true);
    const submissions = await database.query<{ carrier: string; submitted_by: string }>(
      `SELECT carrier, submitted_by FROM registrations.carrier_submissions
        WHERE account_id = $1 ORDER BY submitted_at`,
      [accountId],
    );
    expect(submissions).toEqual([
      { carrier: 'sandbox', submitted_by: 'grace' },
      { carrier: 'sandbox', submitted_by: 'alan' },
    ]);
    expect((await failureOf(updateBrand(accountId, { city: 'X' }))).code).toBe(
      ErrorCode.REGISTRATION_LOCKED,
    );
  });

  it('registers a campaign only with a brand, and sends it to carriers once the brand is approved', async () => {
    const accountId = newTimeOrderedId();
    expect(await messaging.request(Requests.getCampaign, { accountId })).toEqual({
      campaign: null,
    });
    const withoutBrand = await failureOf(updateCampaign(accountId, { campaignUsecase: 'MIXED' }));
    expect(withoutBrand.code).toBe(ErrorCode.BRAND_REQUIRED);
    expect(withoutBrand.fix).toContain('POST /registrations/us/10dlc/brand');

    await createBrand(accountId);
    expect(await messaging.request(Requests.getCampaign, { accountId })).toEqual({
      campaign: {
        accountId,
        campaignStatus: 'not_started',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const first = await updateCampaign(accountId, {
      campaignDescription: 'Order updates',
      campaignEmbeddedLink: false,
    });
    expect(first).toEqual({
      accountId,
      campaignDescription: 'Order updates',
      campaignEmbeddedLink: false,
      campaignStatus: 'pending_review',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await updateCampaign(accountId, { campaignSample1: 'Your order shipped' });
    expect(second).toMatchObject({
      campaignDescription: 'Order updates',
      campaignSample1: 'Your order shipped',
    });
    const { brand } = await messaging.request(Requests.getBrand, { accountId });
    expect(brand?.campaignStatus).toBe('pending_review');

    const early = await failureOf(submit(accountId, 'campaign'));
    expect(early.code).toBe(ErrorCode.REGISTRATION_TRANSITION_INVALID);
    expect(early.message).toContain('once its brand is approved');
    await submit(accountId, 'brand');
    await decide(accountId, 'brand', 'approved');
    const sent = await submit(accountId, 'campaign');
    expect(sent.registration).toMatchObject({
      subject: 'campaign',
      status: 'in_progress',
      carrierReference: expect.stringMatching(/^sandbox-campaign-/),
    });
    const [payload] = await database.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM registrations.carrier_submissions WHERE account_id = $1 AND subject = 'campaign'`,
      [accountId],
    );
    expect(payload?.payload).toMatchObject({
      brandReference: expect.stringMatching(/^sandbox-brand-/),
      campaign: { campaignDescription: 'Order updates', campaignSample1: 'Your order shipped' },
    });
    expect((await failureOf(updateCampaign(accountId, { campaignSample2: 'x' }))).code).toBe(
      ErrorCode.REGISTRATION_LOCKED,
    );
    await decide(accountId, 'campaign', 'rejected', 'Samples do not match the use case');
    const rejected = await messaging.request(Requests.getCampaign, { accountId });
    expect(rejected.campaign).toMatchObject({
      campaignStatus: 'rejected',
      statusReason: 'Samples do not match the use case',
    });
  });

  it("never shows nor changes another account's registration", async () => {
    const [a, b] = [newTimeOrderedId(), newTimeOrderedId()];
    await createBrand(a);
    await updateCampaign(a, { campaignDescription: 'A only' });
    expect(await messaging.request(Requests.getBrand, { accountId: b })).toEqual({ brand: null });
    expect(await messaging.request(Requests.getCampaign, { accountId: b })).toEqual({
      campaign: null,
    });
    expect((await failureOf(updateBrand(b, { legalName: 'B' }))).code).toBe(ErrorCode.NOT_FOUND);
    expect((await failureOf(updateCampaign(b, { campaignDescription: 'B' }))).code).toBe(
      ErrorCode.BRAND_REQUIRED,
    );
    const { brand } = await messaging.request(Requests.getBrand, { accountId: a });
    expect(brand?.legalName).toBe('Acme Inc.');
  });

  it('publishes every status change on the AUDIT stream, once, with its id', async () => {
    const accountId = newTimeOrderedId();
    await createBrand(accountId);
    await submit(accountId, 'brand');
    await decide(accountId, 'brand', 'rejected', 'Not a registered business');
    const recorded = await database.query<{ id: string }>(
      `SELECT id FROM registrations.status_changes ORDER BY at, id`,
    );
    const published = await eventually(async () => {
      const records = await auditRecords();
      return records.length >= recorded.length ? records : undefined;
    });
    expect(published.map((r) => r.id).sort()).toEqual(recorded.map((r) => r.id).sort());
    expect(published.filter((r) => r.accountId === accountId)).toEqual([
      expect.objectContaining({
        subject: 'brand',
        from: 'not_started',
        to: 'pending_review',
        actorRole: 'customer',
      }),
      expect.objectContaining({ from: 'pending_review', to: 'in_progress', actor: 'grace' }),
      expect.objectContaining({ to: 'rejected', reason: 'Not a registered business' }),
    ]);
    const unpublished = await database.query(
      `SELECT id FROM registrations.status_changes WHERE published_at IS NULL`,
    );
    expect(unpublished).toEqual([]);
  });
});
