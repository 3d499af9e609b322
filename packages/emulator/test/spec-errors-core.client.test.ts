/**
 * The spec's Errors table, row by row, through `PlatformClient` against a started emulator (API keys,
 * documents, tools, realtime, white label, SIP trunks; the other rows are in spec-errors-domain). Each row's
 * condition is produced for real (control API, clock, seeded fixtures) and the failure must arrive as the
 * client's error class with the row's status, code and body. Rows whose input the client would refuse before
 * sending go through `client.request`, which still uses the client's transport and error mapping.
 */
import {
  APIError,
  AuthenticationError,
  InternalServerError,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  PlatformClient,
  RateLimitError,
  UnprocessableEntityError,
} from '@voice-session/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { useHarness, type Harness } from './harness.js';
import { expectRow, failure } from './spec-errors-support.js';

const h = useHarness();
let seed: Awaited<ReturnType<Harness['seed']>>;
let primary: PlatformClient;

beforeEach(async () => {
  seed = await h.seed();
  primary = h.client('primary');
});

const anonymous = (): PlatformClient => new PlatformClient({ apiKey: 'not-a-key', baseUrl: h.emu.baseUrl, maxRetries: 0 });

const uuid = (role: 'primary' | 'secondary' = 'primary', i = 0): string => seed[role].assistants[i].uuid;

describe('Errors: API keys, documents, tools', () => {
  it('create API key, validation: name missing', async () => {
    const e = await failure(primary.request({ method: 'POST', path: '/user/api-keys', body: {} }));
    expectRow(e, { Class: UnprocessableEntityError, status: 422, endpoint: 'apiKeys.create', body: { message: 'The name field is required.', errors: { name: ['The name field is required.'] } } });
  });

  it('create document: unknown knowledgebase (also another account’s)', async () => {
    for (const kb of [999, seed.secondary.knowledgebase_ids[0] as number]) {
      const e = await failure(primary.documents.create(kb, { name: 'Site', type: 'website', url: 'https://a.example' }));
      expectRow(e, { Class: NotFoundError, status: 404, endpoint: 'documents.create', body: { error: 'Knowledgebase not found.' } });
    }
  });

  it('create document: file missing for a file type', async () => {
    for (const type of ['pdf', 'txt', 'docx']) {
      const e = await failure(primary.request({ method: 'POST', path: '/user/knowledgebases/11/documents', body: { name: 'Guide', type } }));
      expectRow(e, { Class: UnprocessableEntityError, status: 422, endpoint: 'documents.create' });
      expect(Object.keys(e.errors ?? {})).toEqual(['file']);
    }
  });

  it('create document: creation failed', async () => {
    await h.control('POST', '/faults', { documents: 'creation_failed' });
    const e = await failure(primary.documents.create(11, { name: 'Notes', type: 'txt', file: new TextEncoder().encode('hello') }));
    expectRow(e, { Class: InternalServerError, status: 500, endpoint: 'documents.create', body: { error: 'Failed to create document. Please try again.' } });
  });

  it('create tool, validation: name violates the name rule', async () => {
    const tool = { description: 'Find an order', endpoint: 'https://shop.example/orders', method: 'GET' };
    for (const name of ['9lives', 'with space', 'n'.repeat(65)]) {
      const e = await failure(primary.request({ method: 'POST', path: '/user/tools', body: { ...tool, name } }));
      expectRow(e, { Class: UnprocessableEntityError, status: 422, endpoint: 'tools.create' });
      expect(Object.keys(e.errors ?? {})).toEqual(['name']);
    }
  });

  it("create tool: the plan's maximum number of mid-call tools is reached", async () => {
    const secondary = h.client('secondary');
    const tool = (name: string) => ({ name, description: 'Find an order', endpoint: 'https://shop.example/orders', method: 'GET' as const });
    for (let i = 0; i < seed.secondary.tools.plan_limit; i++) await secondary.tools.create(tool(`tool_${i}`));
    const e = await failure(secondary.tools.create(tool('one_too_many')));
    expectRow(e, { Class: PermissionDeniedError, status: 403, endpoint: 'tools.create' });
    expect(Object.keys(e.body as object)).toEqual(['message']);
  });
});

describe('Errors: create realtime session', () => {
  it('401 without error_code for a missing or invalid API key', async () => {
    const e = await failure(anonymous().realtime.createSession({ assistant_id: uuid() }));
    expectRow(e, { Class: AuthenticationError, status: 401, code: undefined, endpoint: 'realtime.createSession' });
    expect(e.body).not.toHaveProperty('error_code');
    expect(e.body).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('402 INSUFFICIENT_BALANCE when the account lacks minutes', async () => {
    await h.control('POST', '/accounts/primary/balance', { minutes: 0 });
    const e = await failure(primary.realtime.createSession({ assistant_id: uuid() }));
    expectRow(e, { Class: PaymentRequiredError, status: 402, code: 'INSUFFICIENT_BALANCE', endpoint: 'realtime.createSession' });
    expect(e.body).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('403 ASSISTANT_BLOCKED while the assistant is under compliance review', async () => {
    await h.control('POST', `/assistants/${uuid()}/blocked`, { blocked: true });
    const e = await failure(primary.realtime.createSession({ assistant_id: uuid() }));
    expectRow(e, { Class: PermissionDeniedError, status: 403, code: 'ASSISTANT_BLOCKED', endpoint: 'realtime.createSession' });
  });

  it('404 ASSISTANT_NOT_FOUND for an unknown UUID or another account’s assistant', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', uuid('secondary')]) {
      const e = await failure(primary.realtime.createSession({ assistant_id: id }));
      expectRow(e, { Class: NotFoundError, status: 404, code: 'ASSISTANT_NOT_FOUND', endpoint: 'realtime.createSession' });
    }
  });

  it('422 without error_code when assistant_id is not a UUID (the numeric id, for instance)', async () => {
    const e = await failure(primary.request({ method: 'POST', path: '/user/realtime/session', body: { assistant_id: '101' } }));
    expectRow(e, { Class: UnprocessableEntityError, status: 422, code: undefined, endpoint: 'realtime.createSession' });
    expect(e.body).not.toHaveProperty('error_code');
    expect(e.errors?.assistant_id).toHaveLength(1);
  });

  it('429 CONCURRENT_LIMIT when 10 unused or live sessions already exist', async () => {
    const member = h.client('member');
    for (let i = 0; i < 10; i++) await (i % 2 ? member : primary).realtime.createSession({ assistant_id: uuid() });
    const e = await failure(member.realtime.createSession({ assistant_id: uuid() }));
    expectRow(e, { Class: RateLimitError, status: 429, code: 'CONCURRENT_LIMIT', endpoint: 'realtime.createSession' });
  });

  it('429 without error_code after more than 10 session creations in a minute, with Retry-After', async () => {
    // Refused attempts count too, so the concurrency cap is not what stops the 11th.
    await h.control('POST', '/accounts/primary/balance', { minutes: 0 });
    for (let i = 0; i < 10; i++) await failure(primary.realtime.createSession({ assistant_id: uuid() }));
    const e = await failure(primary.realtime.createSession({ assistant_id: uuid() }));
    expectRow(e, { Class: RateLimitError, status: 429, code: undefined, endpoint: 'realtime.createSession' });
    expect(e.body).not.toHaveProperty('error_code');
    expect((e as RateLimitError).retryAfterMs).toBeGreaterThan(0);
  });

  it('503 CONNECTION_FAILED when the session could not be created', async () => {
    await h.control('POST', '/faults', { realtime: 'connection_failed' });
    const e = await failure(primary.realtime.createSession({ assistant_id: uuid() }));
    expectRow(e, { Class: InternalServerError, status: 503, code: 'CONNECTION_FAILED', endpoint: 'realtime.createSession' });
    await h.control('POST', '/faults', { realtime: null });
    await expect(primary.realtime.createSession({ assistant_id: uuid() })).resolves.toMatchObject({ expires_in: 900 });
  });
});

describe('Errors: white label', () => {
  it('401 {message: "Unauthenticated."} without valid credentials', async () => {
    expectRow(await failure(anonymous().whiteLabel.listPlans()), { Class: AuthenticationError, status: 401, endpoint: 'whiteLabel.listPlans', body: { message: 'Unauthenticated.' } });
    expectRow(await failure(anonymous().whiteLabel.getUserPlan(1001)), { Class: AuthenticationError, status: 401, endpoint: 'whiteLabel.getUserPlan', body: { message: 'Unauthenticated.' } });
  });

  it('403 {message: "You are not an administrator."} for an account that runs no white-label platform', async () => {
    const e = await failure(h.client('secondary').whiteLabel.listPlans());
    expectRow(e, { Class: PermissionDeniedError, status: 403, endpoint: 'whiteLabel.listPlans', body: { message: 'You are not an administrator.' } });
  });

  it('403 {message: "You do not have access to these settings."} for a member without Billing Access', async () => {
    const e = await failure(h.client('member').whiteLabel.getUserPlan(1001));
    expectRow(e, { Class: PermissionDeniedError, status: 403, endpoint: 'whiteLabel.getUserPlan', body: { message: 'You do not have access to these settings.' } });
  });

  it('get user plan: 404 {message: "User not found."} for the owner and ids that are not users of the platform', async () => {
    for (const id of [seed.primary.user_id as number, 999_999]) {
      const e = await failure(primary.whiteLabel.getUserPlan(id));
      expectRow(e, { Class: NotFoundError, status: 404, endpoint: 'whiteLabel.getUserPlan', body: { message: 'User not found.' } });
    }
  });

  it('429 {message: "Too Many Attempts."} with Retry-After past 60 requests a minute shared by the account', async () => {
    const member = h.client('member');
    for (let i = 0; i < 30; i++) await primary.whiteLabel.listPlans();
    // Refused-by-permission requests of another user of the account count toward the same limit.
    for (let i = 0; i < 30; i++) await failure(member.whiteLabel.listPlans());
    const e = await failure(primary.whiteLabel.getUserPlan(1001));
    expectRow(e, { Class: RateLimitError, status: 429, endpoint: 'whiteLabel.getUserPlan', body: { message: 'Too Many Attempts.' } });
    expect((e as RateLimitError).retryAfterMs).toBeGreaterThan(0);
    expect(e.headers?.get('retry-after')).toMatch(/^\d+$/);
    await h.control('POST', '/clock/advance', { seconds: 60 });
    await expect(primary.whiteLabel.getUserPlan(1001)).resolves.toHaveProperty('data');
  });
});

describe('Errors: SIP trunks', () => {
  const trunk = {
    sip_trunk_type: 'number' as const, phone_number: '+48512345678', sip_username: 'office', sip_password: 'pw-123',
    sip_address: 'sip.provider.example', sip_calling_format: '+e164' as const, inbound_authorization_type: 'auth' as const, country_code: 'PL',
  };

  it('{error} when the same phone number, username and address already exists', async () => {
    await primary.sipTrunks.create(trunk);
    const e = await failure(primary.sipTrunks.create({ ...trunk, sip_address: 'SIP.provider.example', nickname: 'again' }));
    expectRow(e, { Class: APIError, status: 409, endpoint: 'sipTrunks.create' });
    expect(Object.keys(e.body as object)).toEqual(['error']);
    // Another account may use the same trio.
    await expect(h.client('secondary').sipTrunks.create(trunk)).resolves.toHaveProperty('data.id');
  });

  it('{message: "The given data was invalid.", errors} for a missing sip_address or a bad sip_calling_format', async () => {
    const e = await failure(primary.request({ method: 'POST', path: '/user/phone-numbers/sip-trunks', body: { ...trunk, sip_address: undefined, sip_calling_format: 'intl' } }));
    expectRow(e, { Class: UnprocessableEntityError, status: 422, endpoint: 'sipTrunks.create' });
    expect(e.body).toEqual({
      message: 'The given data was invalid.',
      errors: { sip_address: ['The sip address field is required.'], sip_calling_format: ['The selected sip calling format is invalid.'] },
    });
  });

  it('{error} when creation fails, and 500 when provisioning the trunks fails', async () => {
    for (const fault of ['creation_failed', 'provisioning_failed']) {
      await h.control('POST', '/faults', { sip_trunks: fault });
      const e = await failure(primary.sipTrunks.create(trunk));
      expectRow(e, { Class: InternalServerError, status: 500, endpoint: 'sipTrunks.create' });
      expect(Object.keys(e.body as object)).toEqual(['error']);
    }
  });
});
