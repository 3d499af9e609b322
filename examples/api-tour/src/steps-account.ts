/**
 * Tour stops over the account's own resources: API keys, knowledgebase documents, tools, phone
 * numbers, SIP trunks, realtime sessions, voices, folders and white-label plans.
 */
import { toFile } from '@voice-session/api';
import { maskSecret, preview, tally } from './format.js';
import { expect, type TourStep } from './tour-step.js';

// A suffix so repeated runs against the hosted platform create distinguishable resources.
const runTag = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

export const apiKeysStep: TourStep = {
  title: 'API keys',
  endpoints: ['apiKeys.create', 'apiKeys.list'],
  async run({ client }) {
    const name = `api-tour-${runTag()}`;
    const { api_key } = await client.apiKeys.create({ name });
    expect(api_key.token.length > 0, 'the new key came back without its token');
    const { api_keys } = await client.apiKeys.list();
    expect(api_keys.some((k) => k.name === name), `the key list does not show "${name}"`);
    return [
      `created "${api_key.name}", token ${maskSecret(api_key.token)} (shown once, never listed again)`,
      `listed ${api_keys.length} keys: ${preview(api_keys.map((k) => k.name))}`,
    ];
  },
};

export const documentsStep: TourStep = {
  title: 'Knowledgebase documents',
  endpoints: ['documents.create'],
  unavailable: ({ fixtures }) => (fixtures.knowledgebaseId === undefined ? 'set VOICE_SESSION_TOUR_KNOWLEDGEBASE_ID' : undefined),
  async run({ client, fixtures }) {
    const text = 'Opening hours: Monday to Friday, 9:00 to 17:00.\nReturns are accepted within 30 days.\n';
    const file = await toFile(Buffer.from(text, 'utf8'), 'store-faq.txt', 'text/plain');
    const { data } = await client.documents.create(fixtures.knowledgebaseId!, { name: 'Store FAQ', type: 'txt', file });
    return [`uploaded store-faq.txt (${text.length} bytes, multipart) to knowledgebase ${fixtures.knowledgebaseId}: document ${data.id}, ${data.status_label}`];
  },
};

export const toolsStep: TourStep = {
  title: 'Mid-call tools',
  endpoints: ['tools.create'],
  async run({ client }) {
    const { data } = await client.tools.create({
      name: `lookup_order_${runTag()}`,
      description: 'Look up an order when the caller gives an order number',
      endpoint: 'https://shop.example/api/orders/{order_id}',
      method: 'GET',
      timeout: 10,
      headers: [{ name: 'X-Caller', value: '{{customer_phone}}' }],
      schema: [{ name: 'order_id', type: 'string', description: 'The order number', required: true }],
    });
    return [`created tool ${data.id} "${data.name}": ${data.method} ${data.endpoint}, ${data.schema.length} parameter, timeout ${data.timeout} s`];
  },
};

export const phoneNumbersStep: TourStep = {
  title: 'Phone numbers',
  endpoints: ['phoneNumbers.search'],
  async run({ client }) {
    const { data: all } = await client.phoneNumbers.search({ country: 'US' });
    const first = all[0];
    if (!first) return ['no US numbers are available right now'];
    // Narrow by the first number's exchange (+1 AAA EEE …): the digits filter matches anywhere in the number.
    const digits = first.phone_number.slice(5, 8);
    const { data: matching } = await client.phoneNumbers.search({ country: 'US', digits });
    expect(matching.every((n) => n.phone_number.includes(digits)), `a number without ${digits} came back for digits=${digits}`);
    return [
      `${all.length} US numbers: ${preview(all.map((n) => `${n.phone_number_formatted} ($${n.price})`), 2)}`,
      `${matching.length} of them contain ${digits}; address requirements: ${tally(matching.map((n) => n.address_requirements))}`,
    ];
  },
};

export const sipTrunksStep: TourStep = {
  title: 'SIP trunks',
  endpoints: ['sipTrunks.create'],
  async run({ client }) {
    const { data } = await client.sipTrunks.create({
      sip_trunk_type: 'number',
      phone_number: '+14155550123',
      nickname: 'api-tour',
      sip_username: 'acme',
      sip_password: 's3cret-pass',
      sip_address: 'sip.acme.example',
      sip_calling_format: '+e164',
      inbound_authorization_type: 'ip',
      allowed_inbound_ips: ['203.0.113.5'],
      country_code: 'US',
    });
    return [`created trunk ${data.id} for ${data.phone_number} via ${data.sip_address}: inbound ${data.inbound_trunk_id}, outbound ${data.outbound_trunk_id}`];
  },
};

export const realtimeStep: TourStep = {
  title: 'Realtime voice session',
  endpoints: ['realtime.createSession'],
  unavailable: ({ fixtures }) => (fixtures.assistant === undefined ? 'set VOICE_SESSION_ASSISTANT_ID and VOICE_SESSION_TOUR_ASSISTANT_NUMBER' : undefined),
  async run({ client, fixtures }) {
    const session = await client.realtime.createSession({
      assistant_id: fixtures.assistant!.uuid,
      variables: { customer_name: 'Ann' },
      external_identifier: `api-tour-${runTag()}`,
    });
    expect(session.token.split('.').length === 3, 'the session token is not a JWT');
    return [`session ${session.id} at ${session.url}, token ${maskSecret(session.token)} valid ${session.expires_in} s (hand {url, token} to the browser SDK)`];
  },
};

export const voicesStep: TourStep = {
  title: 'Voices',
  endpoints: ['voices.list'],
  async run({ client }) {
    const voices = await client.voices.list({});
    const female = await client.voices.list({ gender: 'female' });
    expect(female.length <= voices.length, 'the gender filter returned more voices than the unfiltered list');
    return [
      `${voices.length} voices (${female.length} female): ${preview(voices.map((v) => v.name))}`,
    ];
  },
};

export const foldersStep: TourStep = {
  title: 'Folders',
  endpoints: ['folders.list'],
  async run({ client }) {
    const first = await client.folders.list({ per_page: 10 });
    let pages = 0;
    const names: string[] = [];
    for await (const page of client.folders.list({ per_page: 10 }).iterPages()) {
      pages += 1;
      names.push(...page.data.map((f) => f.name));
    }
    expect(names.length === first.total, `walked ${names.length} folders but the first page says ${first.total}`);
    return [`${first.total} folders in ${pages} pages of 10 (page-number pagination): ${preview(names)}`];
  },
};

export const whiteLabelStep: TourStep = {
  title: 'White-label plans',
  endpoints: ['whiteLabel.listPlans', 'whiteLabel.getUserPlan'],
  unavailable: ({ fixtures }) => (fixtures.whiteLabelUserId === undefined ? 'set VOICE_SESSION_TOUR_WHITE_LABEL_USER_ID' : undefined),
  async run({ client, fixtures }) {
    const { currency, data: plans } = await client.whiteLabel.listPlans();
    const { data: plan } = await client.whiteLabel.getUserPlan(fixtures.whiteLabelUserId!);
    return [
      `${plans.length} plans in ${currency}: ${preview(plans.map((p) => `${p.name} (${p.included_minutes} min)`))}; ${tally(plans.map((p) => (p.active ? 'active' : 'inactive')))}`,
      plan
        ? `user ${fixtures.whiteLabelUserId} is on "${plan.name}" (${plan.source}, ${plan.billing}), renewal ${plan.renewal?.status ?? 'n/a'}`
        : `user ${fixtures.whiteLabelUserId} has no plan`,
    ];
  },
};
