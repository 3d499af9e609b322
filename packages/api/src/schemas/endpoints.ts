import { z } from 'zod';
import { ApiKeyCreateParams, ApiKeyCreateResponse, ApiKeyListResponse } from './api-keys.js';
import {
  AssistantDisableInboundWebhookParams, AssistantEnableConversationEndedWebhookParams, AssistantWebhookResponse,
} from './assistant-webhooks.js';
import {
  AutomationApplyTemplateParams, AutomationApplyTemplatePathParams, AutomationApplyTemplateResponse,
  AutomationGetParams, AutomationGetResponse, AutomationPathParams, AutomationRetryRunPathParams,
  AutomationRetryRunResponse, AutomationRunGetParams, AutomationRunGetResponse, AutomationRunListParams,
  AutomationRunListResponse,
} from './automations.js';
import {
  ChatAppSendFreeformParams, ChatAppSendFreeformResponse, ChatAppSenderListParams, ChatAppSenderListResponse,
  ChatAppTemplateListParams, ChatAppTemplateListPathParams, ChatAppTemplateListResponse,
} from './chat-app.js';
import {
  ConversationEnableAiPathParams, ConversationEnableAiResponse, ConversationListParams, ConversationListResponse,
} from './conversations.js';
import { DocumentCreateParams, DocumentCreatePathParams, DocumentCreateResponse } from './documents.js';
import type { ERROR_BODY_SCHEMAS } from './errors.js';
import { FolderListParams, FolderListResponse } from './folders.js';
import { PhoneNumberSearchParams, PhoneNumberSearchResponse } from './phone-numbers.js';
import { RealtimeSessionCreateParams, RealtimeSessionCreateResponse } from './realtime.js';
import { SipTrunkCreateParams, SipTrunkCreateResponse } from './sip-trunks.js';
import { ToolCreateParams, ToolCreateResponse } from './tools.js';
import { VoiceListParams, VoiceListResponse } from './voices.js';
import { PlanListResponse, UserPlanResponse, WhiteLabelUserPlanPathParams } from './white-label.js';

/** HTTP methods the platform's documented endpoints use. */
export type HttpMethod = 'GET' | 'POST';

/** How a request body goes on the wire. */
export type BodyEncoding = 'json' | 'multipart' | 'none';

/** Name of one of the error body schemas in `ERROR_BODY_SCHEMAS`. */
export type ErrorBodyName = keyof typeof ERROR_BODY_SCHEMAS;

/** An error response an endpoint is documented to give: the status (when the spec states one) and body schema. */
export interface EndpointError {
  readonly status: number;
  readonly body: ErrorBodyName;
  readonly when: string;
}

/** One endpoint of the platform: everything the client, the emulator and the OpenAPI document derive from. */
export interface EndpointDefinition<
  Id extends string = string,
  PathParams extends z.ZodType = z.ZodType,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  readonly id: Id;
  readonly method: HttpMethod;
  /** Path relative to the base URL (which includes `/api`), with `{param}` placeholders exactly as in the spec. */
  readonly path: string;
  readonly pathParams: PathParams;
  readonly query?: Query;
  readonly body?: Body;
  /**
   * `multipart` endpoints send multipart/form-data when a field of `fileFields` is present and JSON otherwise
   * (the spec: bodies are JSON except document file upload); see `resolveBodyEncoding`.
   */
  readonly bodyEncoding: BodyEncoding;
  /** Body fields that carry files (multipart endpoints only). */
  readonly fileFields?: readonly string[];
  readonly response: Response;
  /** Success statuses; where the spec states none, the conventional one comes first (what the emulator answers). */
  readonly successStatus: number | readonly number[];
  readonly summary: string;
  /** Error responses the spec's Errors table names for this endpoint (statuses it leaves blank are chosen here). */
  readonly errors?: readonly EndpointError[];
}

/** Path parameters of an endpoint that has none. */
export const NoPathParams = z.strictObject({});

/** Checks a definition against `EndpointDefinition` while keeping its exact type (schemas, literal method and path). */
function endpoint<const D extends EndpointDefinition>(definition: D): D {
  return definition;
}

const notFoundMessage = (when: string): EndpointError => ({ status: 404, body: 'MessageErrorBody', when });
const validation = (when = 'validation failed'): EndpointError => ({ status: 422, body: 'ValidationErrorBody', when });

/**
 * The registry of every documented endpoint, keyed by `<resource>.<method>` as the client names them.
 *
 * @example
 * const { method, path, body } = ENDPOINTS['tools.create'];
 */
export const ENDPOINTS = {
  'apiKeys.create': endpoint({
    id: 'apiKeys.create', method: 'POST', path: '/user/api-keys', summary: 'Create an API key (its token is returned once).',
    pathParams: NoPathParams, body: ApiKeyCreateParams, bodyEncoding: 'json', response: ApiKeyCreateResponse,
    successStatus: [201, 200], errors: [validation('`name` missing')],
  }),
  'apiKeys.list': endpoint({
    id: 'apiKeys.list', method: 'GET', path: '/user/api-keys', summary: 'List API keys (metadata only, never tokens).',
    pathParams: NoPathParams, bodyEncoding: 'none', response: ApiKeyListResponse, successStatus: 200,
  }),
  'documents.create': endpoint({
    id: 'documents.create', method: 'POST', path: '/user/knowledgebases/{knowledgebaseId}/documents',
    summary: 'Add a knowledgebase document from URLs (website) or an uploaded file (pdf, txt, docx).',
    pathParams: DocumentCreatePathParams, body: DocumentCreateParams, bodyEncoding: 'multipart', fileFields: ['file'],
    response: DocumentCreateResponse, successStatus: [201, 200],
    errors: [
      { status: 404, body: 'SimpleErrorBody', when: 'unknown knowledgebase ("Knowledgebase not found.")' },
      validation('file missing for a file type'),
      { status: 500, body: 'SimpleErrorBody', when: 'creation failed ("Failed to create document. Please try again.")' },
    ],
  }),
  'tools.create': endpoint({
    id: 'tools.create', method: 'POST', path: '/user/tools', summary: 'Create a mid-call HTTP tool.',
    pathParams: NoPathParams, body: ToolCreateParams, bodyEncoding: 'json', response: ToolCreateResponse,
    successStatus: [201, 200],
    errors: [
      validation('name violates the name rule'),
      { status: 403, body: 'MessageErrorBody', when: "the plan's maximum number of mid-call tools is reached" },
    ],
  }),
  'realtime.createSession': endpoint({
    id: 'realtime.createSession', method: 'POST', path: '/user/realtime/session',
    summary: 'Mint a 900-second realtime voice session token for the browser SDK (call from a backend).',
    pathParams: NoPathParams, body: RealtimeSessionCreateParams, bodyEncoding: 'json',
    response: RealtimeSessionCreateResponse, successStatus: [200, 201],
    errors: [
      { status: 401, body: 'RealtimeErrorBody', when: 'missing or invalid API key (no error_code)' },
      { status: 402, body: 'RealtimeErrorBody', when: 'INSUFFICIENT_BALANCE' },
      { status: 403, body: 'RealtimeErrorBody', when: 'ASSISTANT_BLOCKED' },
      { status: 404, body: 'RealtimeErrorBody', when: 'ASSISTANT_NOT_FOUND' },
      { status: 422, body: 'RealtimeErrorBody', when: 'validation failed (no error_code)' },
      { status: 429, body: 'RealtimeErrorBody', when: 'CONCURRENT_LIMIT, or the creation rate (no error_code)' },
      { status: 503, body: 'RealtimeErrorBody', when: 'CONNECTION_FAILED' },
    ],
  }),
  'whiteLabel.listPlans': endpoint({
    id: 'whiteLabel.listPlans', method: 'GET', path: '/white-label/plans',
    summary: "List the white-label platform's plans in the order of its plans page.",
    pathParams: NoPathParams, bodyEncoding: 'none', response: PlanListResponse, successStatus: 200,
    errors: [
      { status: 401, body: 'MessageErrorBody', when: 'Unauthenticated. (no valid credentials)' },
      { status: 403, body: 'MessageErrorBody', when: 'not an administrator, or no Billing Access' },
      { status: 429, body: 'MessageErrorBody', when: 'Too Many Attempts (Retry-After)' },
    ],
  }),
  'whiteLabel.getUserPlan': endpoint({
    id: 'whiteLabel.getUserPlan', method: 'GET', path: '/white-label/users/{id}/plan',
    summary: 'Read the plan of one user of the platform (`data` null when none).',
    pathParams: WhiteLabelUserPlanPathParams, bodyEncoding: 'none', response: UserPlanResponse, successStatus: 200,
    errors: [
      { status: 401, body: 'MessageErrorBody', when: 'Unauthenticated. (no valid credentials)' },
      { status: 403, body: 'MessageErrorBody', when: 'not an administrator, or no Billing Access' },
      notFoundMessage('id is not a user of the platform ("User not found.")'),
      { status: 429, body: 'MessageErrorBody', when: 'Too Many Attempts (Retry-After)' },
    ],
  }),
  'sipTrunks.create': endpoint({
    id: 'sipTrunks.create', method: 'POST', path: '/user/phone-numbers/sip-trunks',
    summary: 'Create a SIP trunk; inbound and outbound trunks are provisioned automatically.',
    pathParams: NoPathParams, body: SipTrunkCreateParams, bodyEncoding: 'json', response: SipTrunkCreateResponse,
    successStatus: [201, 200],
    errors: [
      { status: 409, body: 'SimpleErrorBody', when: 'same phone number, username and address already exists' },
      validation(),
      { status: 500, body: 'SimpleErrorBody', when: 'creation or provisioning failed' },
    ],
  }),
  'phoneNumbers.search': endpoint({
    id: 'phoneNumbers.search', method: 'GET', path: '/user/phone-numbers/search',
    summary: 'Search purchasable phone numbers by country and digits.',
    pathParams: NoPathParams, query: PhoneNumberSearchParams, bodyEncoding: 'none', response: PhoneNumberSearchResponse,
    successStatus: 200, errors: [validation()],
  }),
  'automations.applyTemplate': endpoint({
    id: 'automations.applyTemplate', method: 'POST', path: '/user/automate/templates/{key}',
    summary: 'Apply an automation template: create the automation, run a real test, bind it on success.',
    pathParams: AutomationApplyTemplatePathParams, body: AutomationApplyTemplateParams, bodyEncoding: 'json',
    response: AutomationApplyTemplateResponse, successStatus: [201, 200],
    errors: [
      { status: 404, body: 'AutomationErrorBody', when: 'template_not_found' },
      { status: 422, body: 'AutomationErrorBody', when: 'missing_params, invalid_param_choice, needs_connection, needs_reconnection, side_effects_require_confirmation, assistant_required, assistant_not_found, binding_conflict' },
    ],
  }),
  'automations.get': endpoint({
    id: 'automations.get', method: 'GET', path: '/user/automate/flows/{id}',
    summary: 'Read an automation (credential-bearing values masked unless unmasked).',
    pathParams: AutomationPathParams, query: AutomationGetParams, bodyEncoding: 'none', response: AutomationGetResponse,
    successStatus: 200, errors: [notFoundMessage('Automation not found')],
  }),
  'automations.listRuns': endpoint({
    id: 'automations.listRuns', method: 'GET', path: '/user/automate/flows/{id}/runs',
    summary: "List an automation's runs, newest first.",
    pathParams: AutomationPathParams, query: AutomationRunListParams, bodyEncoding: 'none',
    response: AutomationRunListResponse, successStatus: 200, errors: [notFoundMessage('Automation not found')],
  }),
  'automations.getRun': endpoint({
    id: 'automations.getRun', method: 'GET', path: '/user/automate/flows/{id}/runs',
    summary: 'Read one run of an automation with the outcome of each step (the runs list with `run_id`).',
    pathParams: AutomationPathParams, query: AutomationRunGetParams, bodyEncoding: 'none',
    response: AutomationRunGetResponse, successStatus: 200,
    errors: [notFoundMessage('Automation not found, or Run not found for this automation')],
  }),
  'automations.retryRun': endpoint({
    id: 'automations.retryRun', method: 'POST', path: '/user/automate/flows/{id}/runs/{run_id}/retry',
    summary: 'Retry a failed run under the same run id, skipping steps that already succeeded.',
    pathParams: AutomationRetryRunPathParams, bodyEncoding: 'none', response: AutomationRetryRunResponse,
    successStatus: 200,
    errors: [
      { status: 404, body: 'AutomationErrorBody', when: 'not_found' },
      { status: 422, body: 'AutomationErrorBody', when: 'retry_no_op or retry_failed' },
    ],
  }),
  'chatApp.listSenders': endpoint({
    id: 'chatApp.listSenders', method: 'GET', path: '/user/chatapp/senders', summary: 'List chat-app senders.',
    pathParams: NoPathParams, query: ChatAppSenderListParams, bodyEncoding: 'none', response: ChatAppSenderListResponse,
    successStatus: 200,
  }),
  'chatApp.listTemplates': endpoint({
    id: 'chatApp.listTemplates', method: 'GET', path: '/user/chatapp/senders/{senderId}/templates',
    summary: "List a chat-app sender's message templates.",
    pathParams: ChatAppTemplateListPathParams, query: ChatAppTemplateListParams, bodyEncoding: 'none',
    response: ChatAppTemplateListResponse, successStatus: 200,
    errors: [{ status: 404, body: 'ChatAppErrorBody', when: 'SENDER_NOT_FOUND' }],
  }),
  'chatApp.sendFreeform': endpoint({
    id: 'chatApp.sendFreeform', method: 'POST', path: '/user/chatapp/send-freeform',
    summary: 'Send a free-text or media message while the 24-hour window is open.',
    pathParams: NoPathParams, body: ChatAppSendFreeformParams, bodyEncoding: 'json', response: ChatAppSendFreeformResponse,
    successStatus: 200,
    errors: [
      { status: 402, body: 'ChatAppErrorBody', when: 'INSUFFICIENT_BALANCE' },
      { status: 403, body: 'ChatAppErrorBody', when: 'SESSION_EXPIRED' },
      { status: 404, body: 'ChatAppErrorBody', when: 'SENDER_NOT_FOUND' },
      { status: 422, body: 'ChatAppErrorBody', when: 'INVALID_PHONE' },
      { status: 503, body: 'ChatAppErrorBody', when: 'SENDER_OFFLINE' },
    ],
  }),
  'conversations.list': endpoint({
    id: 'conversations.list', method: 'GET', path: '/user/conversations',
    summary: 'List conversations, one cursor page at a time.',
    pathParams: NoPathParams, query: ConversationListParams, bodyEncoding: 'none', response: ConversationListResponse,
    successStatus: 200, errors: [validation()],
  }),
  'conversations.enableAi': endpoint({
    id: 'conversations.enableAi', method: 'POST', path: '/user/conversations/{uuid}/enable-ai',
    summary: 'Turn AI replies back on for a conversation.',
    pathParams: ConversationEnableAiPathParams, bodyEncoding: 'none', response: ConversationEnableAiResponse,
    successStatus: 200,
    errors: [
      { status: 404, body: 'ConversationErrorBody', when: 'Conversation not found' },
      { status: 401, body: 'SimpleErrorBody', when: 'Unauthorized (no valid credentials, like every other endpoint)' },
    ],
  }),
  'assistants.disableInboundWebhook': endpoint({
    id: 'assistants.disableInboundWebhook', method: 'POST', path: '/user/assistants/disable-inbound-webhook',
    summary: "Stop an assistant's real-time inbound-call updates.",
    pathParams: NoPathParams, body: AssistantDisableInboundWebhookParams, bodyEncoding: 'json',
    response: AssistantWebhookResponse, successStatus: 200,
    errors: [notFoundMessage('Assistant not found'), validation('missing assistant_id')],
  }),
  'assistants.enableConversationEndedWebhook': endpoint({
    id: 'assistants.enableConversationEndedWebhook', method: 'POST',
    path: '/user/assistants/enable-conversation-ended-webhook',
    summary: 'Deliver a webhook to a URL whenever a chat conversation of the assistant ends.',
    pathParams: NoPathParams, body: AssistantEnableConversationEndedWebhookParams, bodyEncoding: 'json',
    response: AssistantWebhookResponse, successStatus: 200,
    errors: [notFoundMessage('Assistant not found'), validation('missing assistant_id or webhook_url')],
  }),
  'voices.list': endpoint({
    id: 'voices.list', method: 'GET', path: '/user/assistants/voices',
    summary: 'List the voices available to the account (a bare array).',
    pathParams: NoPathParams, query: VoiceListParams, bodyEncoding: 'none', response: VoiceListResponse, successStatus: 200,
  }),
  'folders.list': endpoint({
    id: 'folders.list', method: 'GET', path: '/user/folders', summary: 'List folders, one page at a time.',
    pathParams: NoPathParams, query: FolderListParams, bodyEncoding: 'none', response: FolderListResponse,
    successStatus: 200,
  }),
} as const;

/** Id of a registered endpoint, such as `tools.create`. */
export type EndpointId = keyof typeof ENDPOINTS;

/** The registry entry type of one endpoint id. */
export type Endpoint<Id extends EndpointId> = (typeof ENDPOINTS)[Id];

/** Every registry entry, in registry order. */
export const ENDPOINT_LIST: readonly EndpointDefinition[] = Object.values(ENDPOINTS);

/** Success statuses of an endpoint as an array (first = the conventional one). */
export function successStatuses(definition: Pick<EndpointDefinition, 'successStatus'>): readonly number[] {
  return typeof definition.successStatus === 'number' ? [definition.successStatus] : definition.successStatus;
}

/**
 * The encoding a body actually needs: multipart endpoints use multipart/form-data only when a file field is
 * present, because the spec sends every other body (website documents included) as JSON.
 */
export function resolveBodyEncoding(definition: Pick<EndpointDefinition, 'bodyEncoding' | 'fileFields'>, body: unknown): BodyEncoding {
  if (definition.bodyEncoding !== 'multipart') return definition.bodyEncoding;
  const hasFile = typeof body === 'object' && body !== null &&
    (definition.fileFields ?? []).some((field) => (body as Record<string, unknown>)[field] !== undefined);
  return hasFile ? 'multipart' : 'json';
}

/**
 * Query parameters whose names the spec hides, and the name this package chose for each (defined only in the
 * params schemas named here). Laravel-style snake_case in every case.
 */
export const HIDDEN_PARAMETER_NAMES = {
  phoneSearchCountry: {
    endpoint: 'phoneNumbers.search', schema: 'PhoneNumberSearchParams', parameter: 'country',
    meaning: 'country filter, ISO 3166-1 alpha-2, default US',
    reason: 'the plain noun; Laravel controllers read $request->country',
  },
  phoneSearchDigits: {
    endpoint: 'phoneNumbers.search', schema: 'PhoneNumberSearchParams', parameter: 'digits',
    meaning: 'numbers containing these digits (numeric, max 10)',
    reason: 'the spec calls it the "digits filter"',
  },
  automationRunCount: {
    endpoint: 'automations.listRuns', schema: 'AutomationRunListParams', parameter: 'limit',
    meaning: 'how many runs to list, 1-20, default 10',
    reason: 'the usual Laravel name for a count that is not a page size',
  },
  automationUnmask: {
    endpoint: 'automations.get', schema: 'AutomationGetParams', parameter: 'unmask',
    meaning: 'return credential-bearing values unmasked (boolean)',
    reason: 'the spec calls the action "unmasking"',
  },
  voiceSynthesizerFilter: {
    endpoint: 'voices.list', schema: 'VoiceListParams', parameter: 'synthesizer_provider_id',
    meaning: 'only voices of this speech-synthesis provider',
    reason: 'the same name as the voice field it filters on',
  },
} as const satisfies Record<string, { endpoint: EndpointId; schema: string; parameter: string; meaning: string; reason: string }>;
