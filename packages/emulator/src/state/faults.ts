/**
 * Faults injected by the control API, so tests can reach the platform's failure rows
 * (503 CONNECTION_FAILED, document creation failure, SIP trunk creation/provisioning failure).
 */
import type { AreaState } from './area.js';

/** Every injectable fault; `null` means healthy. */
export interface Faults {
  realtime: 'connection_failed' | null;
  documents: 'creation_failed' | null;
  sip_trunks: 'creation_failed' | 'provisioning_failed' | null;
}

/** Allowed values of each fault, for validating control requests. */
export const FAULT_VALUES: { [K in keyof Faults]: ReadonlyArray<Exclude<Faults[K], null>> } = {
  realtime: ['connection_failed'],
  documents: ['creation_failed'],
  sip_trunks: ['creation_failed', 'provisioning_failed'],
};

/** The injected faults (all healthy after reset). */
export class FaultsState implements AreaState {
  current: Faults = { realtime: null, documents: null, sip_trunks: null };

  reset(): void {
    this.current = { realtime: null, documents: null, sip_trunks: null };
  }
}
