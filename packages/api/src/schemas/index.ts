/**
 * The wire contract of the platform API: zod schemas of every request and response, the error bodies, the
 * endpoint registry and the OpenAPI document built from it.
 */
export {
  E164, E164_PATTERN, HttpUrl, IntegerId, IsoTimestamp, MessageBody, Uuid, ValidationErrorBody, WireBoolean,
  openEnum, wireInteger,
} from './common.js';
export {
  ApiKey, ApiKeyCreateParams, ApiKeyCreateResponse, ApiKeyListResponse, CreatedApiKey,
} from './api-keys.js';
export {
  DOCUMENT_MAX_FILE_BYTES, DOCUMENT_TYPES, Document, DocumentCreateParams, DocumentCreatePathParams,
  DocumentCreateResponse, DocumentFile, knownUploadSize,
} from './documents.js';
export type { DocumentFileInput, NodeReadableLike } from './documents.js';
export {
  SCHEMA_PARAMETER_TYPES, TOOL_BODY_FORMATS, TOOL_METHODS, TOOL_NAME_PATTERN, Tool, ToolCreateParams,
  ToolCreateResponse, ToolHeader, ToolSchemaParameter, ToolStaticField,
} from './tools.js';
export {
  REALTIME_MAX_VARIABLES, REALTIME_TOKEN_LIFETIME_SECONDS, RealtimeSession, RealtimeSessionCreateParams,
  RealtimeSessionCreateResponse, RealtimeVariableValue, RealtimeVariables,
} from './realtime.js';
export {
  CREDITS_PER_MINUTE, Plan, PlanListResponse, PlanPrice, PlanRenewal, UserPlan, UserPlanResponse,
  WhiteLabelUserPlanPathParams,
} from './white-label.js';
export {
  IpAddress, SIP_CALLING_FORMATS, SIP_INBOUND_AUTHORIZATION_TYPES, SIP_TRUNK_TYPES, SipTrunk, SipTrunkCreateParams,
  SipTrunkCreateResponse,
} from './sip-trunks.js';
export {
  AvailablePhoneNumber, PHONE_SEARCH_COUNTRIES, PhoneNumberSearchParams, PhoneNumberSearchResponse,
} from './phone-numbers.js';
export {
  AUTOMATION_RUN_STATUSES, AUTOMATION_STATUSES, AUTOMATION_STEP_CLASSIFICATIONS, ApplyTemplateEnvelope, Automation,
  AutomationApplyTemplateParams, AutomationApplyTemplatePathParams, AutomationApplyTemplateResponse,
  AutomationBinding, AutomationDefinition, AutomationGetParams, AutomationGetResponse, AutomationPathParams,
  AutomationRetryRunPathParams, AutomationRetryRunResponse, AutomationRun, AutomationRunDetail,
  AutomationRunGetParams, AutomationRunGetResponse, AutomationRunListParams, AutomationRunListResponse,
  AutomationRunsQueryParams, AutomationStep, AutomationStepOutcome, TEMPLATE_PARAMS_MAX_BYTES, TemplateParamSpec,
  TemplateParams, jsonByteLength,
} from './automations.js';
export {
  CHATAPP_MESSAGE_MAX_LENGTH, ChatAppSendFreeformParams, ChatAppSendFreeformResponse, ChatAppSender,
  ChatAppSenderListParams, ChatAppSenderListResponse, ChatAppTemplate, ChatAppTemplateListParams,
  ChatAppTemplateListPathParams, ChatAppTemplateListResponse, SessionStatus,
} from './chat-app.js';
export {
  CONVERSATION_TYPES, Conversation, ConversationEnableAiPathParams, ConversationEnableAiResponse,
  ConversationListParams, ConversationListResponse, ConversationParty,
} from './conversations.js';
export {
  AssistantDisableInboundWebhookParams, AssistantEnableConversationEndedWebhookParams, AssistantWebhookResponse,
} from './assistant-webhooks.js';
export { VOICE_MODES, Voice, VoiceListParams, VoiceListResponse } from './voices.js';
export { Folder, FolderListParams, FolderListResponse } from './folders.js';
export {
  AUTOMATION_ERROR_CODES, AutomationErrorBody, ChatAppErrorBody, ConversationErrorBody, ERROR_BODY_SCHEMAS,
  ERROR_CODES, MessageErrorBody, PLATFORM_ERROR_CODES, PlatformErrorBody, PlatformErrorCode, RealtimeErrorBody,
  SimpleErrorBody, errorCodeOf, isPlatformErrorCode,
} from './errors.js';
export {
  ENDPOINTS, ENDPOINT_LIST, HIDDEN_PARAMETER_NAMES, NoPathParams, resolveBodyEncoding, successStatuses,
} from './endpoints.js';
export type {
  BodyEncoding, Endpoint, EndpointDefinition, EndpointError, EndpointId, ErrorBodyName, HttpMethod,
} from './endpoints.js';
export { buildOpenApiDocument } from './openapi.js';
export type { JsonObject, OpenApiOptions } from './openapi.js';
