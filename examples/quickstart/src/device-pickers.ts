import type { AudioDevice, VoiceSession } from '@voice-session/web';

/** Fills the microphone and speaker pickers and applies a choice to the live call. */
export class DevicePickers {
  readonly #session: VoiceSession;
  readonly #input: HTMLSelectElement;
  readonly #output: HTMLSelectElement;
  readonly #onError: (error: unknown) => void;

  constructor(session: VoiceSession, input: HTMLSelectElement, output: HTMLSelectElement, onError: (error: unknown) => void) {
    this.#session = session;
    this.#input = input;
    this.#output = output;
    this.#onError = onError;
    input.addEventListener('change', () => this.#apply(() => session.setInputDevice(input.value)));
    output.addEventListener('change', () => this.#apply(() => session.setOutputDevice(output.value)));
    navigator.mediaDevices?.addEventListener?.('devicechange', () => void this.refresh());
  }

  async refresh(): Promise<void> {
    let devices: AudioDevice[];
    try {
      devices = await this.#session.listDevices();
    } catch {
      return; // Device listing is optional polish; the call works with the system defaults.
    }
    fill(this.#input, devices.filter((d) => d.kind === 'audioinput'), 'Microphone');
    fill(this.#output, devices.filter((d) => d.kind === 'audiooutput'), 'Speaker');
    // Speaker selection needs setSinkId (not in every browser).
    this.#output.disabled = !('setSinkId' in HTMLMediaElement.prototype);
  }

  #apply(change: () => Promise<void>): void {
    change().catch(this.#onError);
  }
}

function fill(select: HTMLSelectElement, devices: AudioDevice[], noun: string): void {
  const chosen = select.value;
  select.replaceChildren(new Option('System default', ''));
  devices
    .filter((d) => d.id && d.id !== 'default')
    .forEach((d, i) => select.append(new Option(d.label || `${noun} ${i + 1}`, d.id)));
  select.value = [...select.options].some((o) => o.value === chosen) ? chosen : '';
}
