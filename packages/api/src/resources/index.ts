/** Every resource class of `PlatformClient`, one per API area. */
export { ApiKeys } from './api-keys.js';
export { AssistantWebhooks } from './assistant-webhooks.js';
export { Automations } from './automations.js';
export { ChatApp } from './chat-app.js';
export { Conversations } from './conversations.js';
export { Documents } from './documents.js';
export { Folders } from './folders.js';
export { PhoneNumbers } from './phone-numbers.js';
export { Realtime } from './realtime.js';
export { SipTrunks } from './sip-trunks.js';
export { Tools } from './tools.js';
export { Voices } from './voices.js';
export { WhiteLabel } from './white-label.js';
