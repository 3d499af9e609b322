/**
 * The core areas' state modules, registered into {@link STATE_AREAS} by name.
 */
import type { AreaStateEntry } from './area.js';
import { DocumentsState } from './documents.js';
import { FaultsState } from './faults.js';
import { FoldersState } from './folders.js';
import { PhoneNumbersState } from './phone-numbers.js';
import { RealtimeState } from './realtime.js';
import { SipTrunksState } from './sip-trunks.js';
import { ToolsState } from './tools.js';
import { VoicesState } from './voices.js';
import { WhiteLabelState } from './white-label.js';

/** Core area state entries (the domain areas add theirs to `STATE_AREAS` in store.ts). */
export const CORE_STATE_AREAS: AreaStateEntry[] = [
  { name: 'faults', create: () => new FaultsState() },
  { name: 'documents', create: (deps) => new DocumentsState(deps) },
  { name: 'tools', create: (deps) => new ToolsState(deps) },
  { name: 'realtime', create: (deps) => new RealtimeState(deps) },
  { name: 'white-label', create: (deps) => new WhiteLabelState(deps) },
  { name: 'sip-trunks', create: (deps) => new SipTrunksState(deps) },
  { name: 'phone-numbers', create: (deps) => new PhoneNumbersState(deps.seed) },
  { name: 'voices', create: (deps) => new VoicesState(deps) },
  { name: 'folders', create: (deps) => new FoldersState(deps) },
];
