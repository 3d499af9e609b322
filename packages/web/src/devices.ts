/** A microphone or speaker the page may choose. */
export interface AudioDevice {
  readonly id: string;
  /** Empty until the user granted microphone access once (browser privacy rule). */
  readonly label: string;
  readonly kind: 'audioinput' | 'audiooutput';
}

/** Lists microphones and speakers. */
export async function listAudioDevices(): Promise<AudioDevice[]> {
  const devices = (await navigator.mediaDevices?.enumerateDevices?.()) ?? [];
  return devices
    .filter((d) => /^audio(in|out)put$/.test(d.kind))
    .map((d) => ({ id: d.deviceId, label: d.label, kind: d.kind as AudioDevice['kind'] }));
}
