import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS, ENDPOINT_LIST, HIDDEN_PARAMETER_NAMES, resolveBodyEncoding, successStatuses } from './endpoints.js';
import * as schemas from './index.js';

/** Every client method of issue 2, with the HTTP method and path the spec gives it. */
const EXPECTED: Record<string, [string, string]> = {
  'apiKeys.create': ['POST', '/user/api-keys'],
  'apiKeys.list': ['GET', '/user/api-keys'],
  'documents.create': ['POST', '/user/knowledgebases/{knowledgebaseId}/documents'],
  'tools.create': ['POST', '/user/tools'],
  'realtime.createSession': ['POST', '/user/realtime/session'],
  'whiteLabel.listPlans': ['GET', '/white-label/plans'],
  'whiteLabel.getUserPlan': ['GET', '/white-label/users/{id}/plan'],
  'sipTrunks.create': ['POST', '/user/phone-numbers/sip-trunks'],
  'phoneNumbers.search': ['GET', '/user/phone-numbers/search'],
  'automations.applyTemplate': ['POST', '/user/automate/templates/{key}'],
  'automations.get': ['GET', '/user/automate/flows/{id}'],
  'automations.listRuns': ['GET', '/user/automate/flows/{id}/runs'],
  'automations.getRun': ['GET', '/user/automate/flows/{id}/runs'],
  'automations.retryRun': ['POST', '/user/automate/flows/{id}/runs/{run_id}/retry'],
  'chatApp.listSenders': ['GET', '/user/chatapp/senders'],
  'chatApp.listTemplates': ['GET', '/user/chatapp/senders/{senderId}/templates'],
  'chatApp.sendFreeform': ['POST', '/user/chatapp/send-freeform'],
  'conversations.list': ['GET', '/user/conversations'],
  'conversations.enableAi': ['POST', '/user/conversations/{uuid}/enable-ai'],
  'assistants.disableInboundWebhook': ['POST', '/user/assistants/disable-inbound-webhook'],
  'assistants.enableConversationEndedWebhook': ['POST', '/user/assistants/enable-conversation-ended-webhook'],
  'voices.list': ['GET', '/user/assistants/voices'],
  'folders.list': ['GET', '/user/folders'],
};

function objectKeys(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {});
}

describe('endpoint registry', () => {
  it('has exactly one entry per client method of issue 2, with the spec method and path', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [id, [method, path]] of Object.entries(EXPECTED)) {
      const definition = ENDPOINTS[id as keyof typeof ENDPOINTS];
      expect({ id: definition.id, method: definition.method, path: definition.path }).toEqual({ id, method, path });
    }
  });

  it.each(ENDPOINT_LIST)('$id: path placeholders and path-parameter schema name the same parameters', (definition) => {
    const placeholders = [...definition.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
    expect(objectKeys(definition.pathParams).sort()).toEqual(placeholders);
  });

  it.each(ENDPOINT_LIST)('$id: body encoding matches the presence of a body and GETs carry none', (definition) => {
    expect(definition.bodyEncoding === 'none').toBe(definition.body === undefined);
    if (definition.method === 'GET') expect(definition.body).toBeUndefined();
    expect(definition.summary.length).toBeGreaterThan(10);
    for (const status of successStatuses(definition)) expect(status >= 200 && status < 300).toBe(true);
  });

  it('states 201 then 200 for apply-template, as the spec does', () => {
    expect(successStatuses(ENDPOINTS['automations.applyTemplate'])).toEqual([201, 200]);
  });

  it('sends documents as multipart only when a file is present', () => {
    const documents = ENDPOINTS['documents.create'];
    expect(resolveBodyEncoding(documents, { name: 'x', type: 'pdf', file: new Blob(['x']) })).toBe('multipart');
    expect(resolveBodyEncoding(documents, { name: 'x', type: 'website', url: 'https://a.example' })).toBe('json');
    expect(resolveBodyEncoding(ENDPOINTS['tools.create'], { file: 'x' })).toBe('json');
    expect(resolveBodyEncoding(ENDPOINTS['automations.retryRun'], undefined)).toBe('none');
  });

  it('defines each hidden parameter name in the params schema it documents', () => {
    for (const entry of Object.values(HIDDEN_PARAMETER_NAMES)) {
      const definition = ENDPOINTS[entry.endpoint];
      expect(definition.query).toBe((schemas as Record<string, unknown>)[entry.schema]);
      expect(objectKeys(definition.query)).toContain(entry.parameter);
    }
    expect(Object.values(HIDDEN_PARAMETER_NAMES).map((entry) => entry.parameter).sort())
      .toEqual(['country', 'digits', 'limit', 'synthesizer_provider_id', 'unmask']);
  });

  it('validates a request through the registry, naming the failing field', () => {
    const { body } = ENDPOINTS['realtime.createSession'];
    const result = body.safeParse({ assistant_id: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['assistant_id']);
  });
});
