/**
 * The core API and control areas, in mount order (the domain areas are appended in app.ts).
 */
import { accountsControl } from '../control/accounts.js';
import { coreControl } from '../control/core.js';
import { realtimeControl } from '../control/realtime.js';
import { resourcesControl } from '../control/resources.js';
import { apiKeysArea } from './api-keys.js';
import type { ApiArea, ControlArea } from './app.js';
import { assistantWebhooksArea } from './assistant-webhooks.js';
import { documentsArea } from './documents.js';
import { foldersArea } from './folders.js';
import { openApiArea } from './openapi.js';
import { phoneNumbersArea } from './phone-numbers.js';
import { realtimeArea } from './realtime.js';
import { sipTrunksArea } from './sip-trunks.js';
import { toolsArea } from './tools.js';
import { voicesArea } from './voices.js';
import { whiteLabelArea } from './white-label.js';

/** Core API areas mounted under `/api`. */
export const CORE_API_AREAS: ApiArea[] = [
  openApiArea,
  apiKeysArea,
  documentsArea,
  toolsArea,
  realtimeArea,
  whiteLabelArea,
  sipTrunksArea,
  phoneNumbersArea,
  assistantWebhooksArea,
  voicesArea,
  foldersArea,
];

/** Core control areas mounted under `/_emulator`. */
export const CORE_CONTROL_AREAS: ControlArea[] = [coreControl, accountsControl, realtimeControl, resourcesControl];
