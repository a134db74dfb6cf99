import { shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
type ErrorBody = { trackingId: string; error: { code: string; message: string; fix?: string } };

const BRAND = '/registrations/us/10dlc/brand';
const CAMPAIGN = '/registrations/us/10dlc/campaign';

const brand = {
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

const campaign = {
  campaignDescription: 'Order and delivery updates for Acme customers',
  campaignSample1: 'Acme: your order 123 shipped. Reply STOP to opt out.',
  campaignSample2: 'Acme: your order 123 was delivered.',
  campaignSample3: 'Acme: your return was received.',
  campaignSample4: 'Acme: your refund was issued.',
  campaignMessageFlow: 'Customers tick an SMS box at checkout on acme.example.com',
  campaignOptinKeywords: 'START',
  campaignOptinMessage: 'Acme: you are subscribed to order updates. Reply STOP to opt out.',
  campaignOptoutKeywords: 'STOP',
  campaignOptoutMessage: 'Acme: you are unsubscribed.',
  campaignHelpKeywords: 'HELP',
  campaignHelpMessage: 'Acme: help at acme.example.com/help.',
  campaignEmbeddedLinkUrl: 'https://acme.example.com/orders',
  campaignPrivacyPolicyLink: 'https://acme.example.com/privacy',
  campaignTermsAndConditionsLink: 'https://acme.example.com/terms',
  campaignUsecase: 'ACCOUNT_NOTIFICATION',
  campaignEmbeddedLink: true,
  campaignEmbeddedPhone: false,
  campaignAgeGated: false,
  campaignDirectLending: false,
};

describe('10DLC registrations', () => {
  const suite = shareSystemForSuite();
  let api: ApiClient;
  let accountId: string;
  let keyId: string;

  beforeAll(async () => {
    const account = suite.system.createAccount('Acme', 'owner@acme.registrations.test');
    accountId = account.accountId;
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    keyId = (await api.call<{ keys: { id: string }[] }>('GET', '/keys')).body.keys[0]!.id;
  });

  /** `npm run admin -- registrations …` as the operator grace. */
  const operator = <T = Json>(...args: string[]) =>
    suite.system.admin<T>(['registrations', ...args, '--operator', 'grace']);
  const brandStatus = async () =>
    (await api.call<Json>('GET', BRAND)).body['brandStatus'] as string;

  async function rejected(method: string, path: string, body: unknown) {
    const { status, body: answer } = await api.call<ErrorBody>(method, path, body);
    return { status, ...answer.error };
  }

  it('answers null while the account has no brand, and wants a brand before a campaign', async () => {
    for (const path of [BRAND, CAMPAIGN]) {
      const answer = await api.call('GET', path);
      expect(answer).toEqual({ status: 200, body: null });
    }
    expect(await rejected('PATCH', CAMPAIGN, { campaignUsecase: 'MIXED' })).toMatchObject({
      status: 409,
      code: 'BRAND_REQUIRED',
      fix: expect.stringContaining('POST /registrations/us/10dlc/brand'),
    });
    expect((await api.call('PATCH', BRAND, { legalName: 'X' })).status).toBe(404);
  });

  it.each<[string, Json, string]>([
    ['no scenarioId', { scenarioId: undefined }, 'scenarioId is required'],
    [
      'an unknown scenarioId',
      { scenarioId: 'mine' },
      'scenarioId must be one of own_brand, client_brand',
    ],
    [
      'an unknown businessType',
      { businessType: 'LLC' },
      'businessType must be one of PRIVATE_PROFIT, SOLE_PROPRIETOR',
    ],
    [
      'a sole proprietor without names',
      { businessType: 'SOLE_PROPRIETOR', taxId: undefined },
      'firstName is required when businessType is SOLE_PROPRIETOR; lastName is required when businessType is SOLE_PROPRIETOR',
    ],
    [
      'a company without taxId',
      { taxId: undefined },
      'taxId is required unless businessType is SOLE_PROPRIETOR',
    ],
    ['a short EIN', { taxId: '12345' }, 'taxId must be a 9-digit EIN for country US'],
    ['an EIN for country CA', { country: 'CA' }, 'taxId must be a 9-digit BN for country CA'],
    ['a malformed website', { website: 'acme' }, 'website must be a well-formed http(s) URL'],
    [
      'a malformed email',
      { complianceContactEmail: 'acme.example.com' },
      'complianceContactEmail must be an email',
    ],
    [
      'a local phone number',
      { complianceContactPhone: '555-0100' },
      'complianceContactPhone must be a phone number',
    ],
    ['a brandStatus', { brandStatus: 'approved' }, 'brandStatus is managed by the service'],
  ])(
    'refuses a brand with %s: 400 naming the field and the rule',
    async (_case, change, message) => {
      const answer = await rejected('POST', BRAND, { ...brand, ...change });
      expect(answer).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(answer.message).toContain(message);
    },
  );

  it('creates the brand in pending_review, once', async () => {
    const created = await api.call<Json>('POST', BRAND, brand);
    expect(created).toEqual({
      status: 200,
      body: {
        accountId,
        ...brand,
        displayName: 'Acme Inc.',
        brandStatus: 'pending_review',
        campaignStatus: 'not_started',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect((await api.call('GET', BRAND)).body).toEqual(created.body);
    expect(await rejected('POST', BRAND, brand)).toMatchObject({
      status: 409,
      code: 'REGISTRATION_EXISTS',
      fix: expect.stringContaining('PATCH'),
    });
  });

  it('updates any field with the rules applied to the merged brand', async () => {
    const renamed = await api.call<Json>('PATCH', BRAND, { legalName: 'Acme Corporation' });
    expect(renamed.body).toMatchObject({
      legalName: 'Acme Corporation',
      displayName: 'Acme Corporation',
      brandStatus: 'pending_review',
    });
    const named = await api.call<Json>('PATCH', BRAND, { displayName: 'ACME' });
    expect(named.body).toMatchObject({ legalName: 'Acme Corporation', displayName: 'ACME' });
    expect(await rejected('PATCH', BRAND, { businessType: 'SOLE_PROPRIETOR' })).toMatchObject({
      status: 400,
      message: expect.stringContaining(
        'firstName is required when businessType is SOLE_PROPRIETOR',
      ),
    });
    expect(await rejected('PATCH', BRAND, { country: 'CA' })).toMatchObject({
      status: 400,
      message: 'taxId must be a 9-digit BN for country CA',
    });
    expect(await rejected('PATCH', BRAND, { brandStatus: 'approved' })).toMatchObject({
      status: 400,
    });
    expect(await brandStatus()).toBe('pending_review');
  });

  it('registers the campaign with every field of spec 2.5 and submits it', async () => {
    const answer = await api.call<Json>('PATCH', CAMPAIGN, campaign);
    expect(answer).toEqual({
      status: 200,
      body: {
        ...campaign,
        accountId,
        campaignStatus: 'pending_review',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect((await api.call('GET', CAMPAIGN)).body).toEqual(answer.body);
    expect((await api.call<Json>('GET', BRAND)).body['campaignStatus']).toBe('pending_review');
    expect(
      await rejected('PATCH', CAMPAIGN, { campaignPrivacyPolicyLink: 'privacy' }),
    ).toMatchObject({
      status: 400,
      message: expect.stringContaining('campaignPrivacyPolicyLink must be'),
    });
  });

  it('lets operators review: edits are locked after carrier submission until info_needed', async () => {
    const queue = operator<{ registrations: Json[] }>('list').registrations;
    expect(queue.filter((r) => r['accountId'] === accountId)).toEqual([
      expect.objectContaining({
        subject: 'brand',
        status: 'pending_review',
        legalName: 'Acme Corporation',
      }),
      expect.objectContaining({ subject: 'campaign', status: 'pending_review' }),
    ]);

    const submitted = operator<{ registration: Json }>(
      'submit',
      '--account',
      accountId,
      '--subject',
      'brand',
    );
    expect(submitted.registration).toMatchObject({
      status: 'in_progress',
      carrierReference: expect.stringMatching(/^sandbox-/),
    });
    expect(await brandStatus()).toBe('in_progress');
    expect(await rejected('PATCH', BRAND, { website: 'https://acme.test' })).toMatchObject({
      status: 409,
      code: 'REGISTRATION_LOCKED',
      message: expect.stringContaining('submitted to carriers'),
      fix: expect.stringContaining('info_needed'),
    });

    operator(
      'decide',
      '--account',
      accountId,
      '--subject',
      'brand',
      '--status',
      'info_needed',
      '--reason',
      'The EIN belongs to another company',
    );
    expect((await api.call('GET', BRAND)).body).toMatchObject({
      brandStatus: 'info_needed',
      statusReason: 'The EIN belongs to another company',
    });
    const fixed = await api.call<Json>('PATCH', BRAND, { taxId: '98-7654321' });
    expect(fixed.body).toMatchObject({ taxId: '98-7654321', brandStatus: 'pending_review' });
    expect(fixed.body).not.toHaveProperty('statusReason');
  });

  it('carries brand and campaign through carrier review to approval, recording every actor', async () => {
    const act = (...args: string[]) => operator('--account', accountId, ...args);
    expect(() => act('submit', '--subject', 'campaign')).toThrow(/once its brand is approved/);
    act('submit', '--subject', 'brand');
    act('decide', '--subject', 'brand', '--status', 'approved');
    act('submit', '--subject', 'campaign');
    expect(() => act('submit', '--subject', 'campaign')).toThrow(/REGISTRATION_TRANSITION_INVALID/);
    act('decide', '--subject', 'campaign', '--status', 'approved');

    expect((await api.call('GET', BRAND)).body).toMatchObject({
      brandStatus: 'approved',
      campaignStatus: 'approved',
    });
    expect(await rejected('PATCH', CAMPAIGN, { campaignSample1: 'new' })).toMatchObject({
      status: 409,
      code: 'REGISTRATION_LOCKED',
    });
    const shown = operator<{ statusChanges: Json[] }>('show', '--account', accountId);
    expect(
      shown.statusChanges.map((c) => [c['subject'], c['to'], c['actorRole'], c['actor']]),
    ).toEqual([
      ['brand', 'pending_review', 'customer', `key:${keyId}`],
      ['campaign', 'pending_review', 'customer', `key:${keyId}`],
      ['brand', 'in_progress', 'operator', 'grace'],
      ['brand', 'info_needed', 'operator', 'grace'],
      ['brand', 'pending_review', 'customer', `key:${keyId}`],
      ['brand', 'in_progress', 'operator', 'grace'],
      ['brand', 'approved', 'operator', 'grace'],
      ['campaign', 'in_progress', 'operator', 'grace'],
      ['campaign', 'approved', 'operator', 'grace'],
    ]);
  });
});
