/**
 * The server side of one participant's single WebRTC peer connection (`@roamhq/wrtc`): answers
 * every browser offer, sends the agent's audio on the first audio section, hands the user's
 * microphone to the agent as 10 ms frames, and carries data packets on `_reliable`.
 */
import wrtc from '@roamhq/wrtc';
import { AGENT_FRAME_SAMPLES, AGENT_SAMPLE_RATE } from '../agent/agent-io.js';
import type { PcmFrame } from '../agent/agent-io.js';
import { guardNativeAudioTeardown } from './exit-guard.js';
import { PcmReframer } from './pcm-frames.js';

/** Frames that may wait for `_reliable` to open before the oldest are dropped. */
const MAX_PENDING_DATA = 256;

export interface MediaPeerOptions {
  /** `PA_…` of the agent and `TR_…` of its `roomio_audio` track (the browser matches them by msid). */
  agentSid: string;
  agentTrackSid: string;
  /** A frame of the user's microphone, 10 ms at 48 kHz mono. */
  onUserAudio(frame: PcmFrame): void;
  /** The user's microphone track arrived on the peer. */
  onUserTrack(): void;
  /** A data packet from the browser (either channel). */
  onData(bytes: Uint8Array): void;
  /** A local ICE candidate to trickle, as the JSON `RTCIceCandidateInit` LiveKit sends. */
  onCandidate(candidateInit: string): void;
  /** ICE or DTLS failed for good. */
  onFailed(): void;
}

/** The answer to one offer, with the section → track mapping livekit-client reads. */
export interface PeerAnswer {
  sdp: string;
  midToTrackId: Record<string, string>;
}

/** One wrtc peer connection with the agent's outbound track and the user's inbound audio. */
export class MediaPeer {
  private readonly pc: RTCPeerConnection;
  private readonly source = new wrtc.nonstandard.RTCAudioSource();
  private readonly agentTrack: MediaStreamTrack = this.source.createTrack();
  private agentMid: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private reliable: RTCDataChannel | undefined;
  private readonly pendingData: Uint8Array[] = [];
  private readonly sinks: Array<{ stop(): void }> = [];
  private readonly channels: RTCDataChannel[] = [];
  private closed = false;

  constructor(private readonly options: MediaPeerOptions) {
    guardNativeAudioTeardown();
    this.pc = new wrtc.RTCPeerConnection({ iceServers: [] }) as unknown as RTCPeerConnection;
    this.pc.onicecandidate = (event) => {
      const candidate = event.candidate;
      // Only loopback UDP: the browser is on this machine and is started with
      // --allow-loopback-in-peer-connection; other interfaces would only slow ICE down.
      if (!candidate || !/ udp /i.test(candidate.candidate) || !candidate.candidate.includes(' 127.0.0.1 ')) return;
      this.options.onCandidate(
        JSON.stringify({
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid,
          sdpMLineIndex: candidate.sdpMLineIndex,
          usernameFragment: candidate.usernameFragment,
        }),
      );
    };
    this.pc.onconnectionstatechange = () => {
      if (!this.closed && this.pc.connectionState === 'failed') this.options.onFailed();
    };
    this.pc.ondatachannel = (event) => this.adoptChannel(event.channel);
    this.pc.ontrack = (event) => {
      if (event.track.kind !== 'audio') return;
      this.attachSink(event.track);
    };
  }

  /** Answer an offer; offers are answered strictly in arrival order. */
  answer(offerSdp: string): Promise<PeerAnswer> {
    return this.serial(async () => {
      await this.pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
      await this.attachAgentTrack();
      const answer = await this.pc.createAnswer();
      await this.pc.setLocalDescription(answer);
      const sdp = this.agentMid ? rewriteMsid(answer.sdp ?? '', this.agentMid, this.options) : (answer.sdp ?? '');
      return { sdp, midToTrackId: this.agentMid ? { [this.agentMid]: this.options.agentTrackSid } : {} };
    });
  }

  /** Add a trickled remote candidate (after any offer still being applied). */
  addCandidate(candidateInit: string): Promise<void> {
    return this.serial(async () => {
      const init = JSON.parse(candidateInit) as RTCIceCandidateInit;
      if (!init.candidate) return;
      await this.pc.addIceCandidate(init).catch(() => {
        // A candidate for a section the peer no longer has is harmless; LiveKit ignores it too.
      });
    });
  }

  /** One 10 ms 48 kHz frame of agent audio onto the `roomio_audio` track. */
  pushAgentFrame(frame: PcmFrame): void {
    if (this.closed) return;
    try {
      this.source.onData({
        samples: frame,
        sampleRate: AGENT_SAMPLE_RATE,
        bitsPerSample: 16,
        channelCount: 1,
        numberOfFrames: AGENT_FRAME_SAMPLES,
      });
    } catch {
      // Called from the pacer's timer: a frame libwebrtc refuses is dropped, never thrown there.
    }
  }

  /** Send a data packet on `_reliable`, queueing until the channel opens. */
  sendData(bytes: Uint8Array): void {
    if (this.closed) return;
    if (this.reliable?.readyState === 'open') {
      trySend(this.reliable, bytes);
      return;
    }
    if (this.pendingData.length >= MAX_PENDING_DATA) this.pendingData.shift();
    this.pendingData.push(bytes);
  }

  /** Tear everything down; safe to call twice. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const sink of this.sinks) sink.stop();
    this.sinks.length = 0;
    for (const channel of this.channels) {
      channel.onmessage = null;
      channel.onopen = null;
    }
    this.channels.length = 0;
    this.pendingData.length = 0;
    this.agentTrack.stop();
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.ondatachannel = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (this.closed) throw new Error('peer closed');
      return task();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Put the agent's track on the first audio section the browser offered to receive on. */
  private async attachAgentTrack(): Promise<void> {
    if (this.agentMid) return;
    const transceiver = this.pc
      .getTransceivers()
      .find((t) => t.mid !== null && t.receiver.track.kind === 'audio' && t.direction === 'recvonly');
    if (!transceiver) return;
    transceiver.direction = 'sendonly';
    await transceiver.sender.replaceTrack(this.agentTrack);
    this.agentMid = transceiver.mid;
  }

  private attachSink(track: MediaStreamTrack): void {
    const reframer = new PcmReframer((frame) => this.options.onUserAudio(frame));
    const sink = new wrtc.nonstandard.RTCAudioSink(track);
    sink.ondata = (data: { samples: Int16Array; sampleRate: number; channelCount?: number }) => {
      if (!this.closed) reframer.push(data.samples, data.sampleRate, data.channelCount ?? 1);
    };
    this.sinks.push(sink);
    this.options.onUserTrack();
  }

  private adoptChannel(channel: RTCDataChannel): void {
    channel.binaryType = 'arraybuffer';
    this.channels.push(channel);
    channel.onmessage = (event: MessageEvent) => {
      const data = event.data as ArrayBuffer | ArrayBufferView | string;
      if (typeof data === 'string') return;
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength);
      this.options.onData(bytes);
    };
    if (channel.label !== '_reliable') return;
    this.reliable = channel;
    const flush = () => {
      for (const bytes of this.pendingData.splice(0)) trySend(channel, bytes);
    };
    if (channel.readyState === 'open') flush();
    else channel.onopen = flush;
  }
}

/**
 * Send, dropping the packet when the channel is already closing: libwebrtc can report `open` while
 * the browser's close is in flight, and `send` then throws; a packet to a departing browser is moot.
 */
function trySend(channel: RTCDataChannel, bytes: Uint8Array): void {
  try {
    channel.send(bytes as Uint8Array<ArrayBuffer>);
  } catch {
    // InvalidStateError: the channel closed between the check and the send.
  }
}

/**
 * libwebrtc writes its own stream id into the section's msid; livekit-client finds the remote
 * participant and track from a `PA_…|TR_…` stream id, so rewrite the agent section's msid.
 */
export function rewriteMsid(sdp: string, mid: string, ids: { agentSid: string; agentTrackSid: string }): string {
  const lines = sdp.split('\r\n');
  let inSection = false;
  const out: string[] = [];
  for (const line of lines) {
    if (line.startsWith('m=')) inSection = false;
    if (line === `a=mid:${mid}`) inSection = true;
    if (inSection && line.startsWith('a=msid:')) {
      out.push(`a=msid:${ids.agentSid}|${ids.agentTrackSid} ${ids.agentTrackSid}`);
      continue;
    }
    if (inSection && line.startsWith('a=ssrc:') && line.includes(' msid:')) {
      out.push(line.replace(/ msid:.*$/, ` msid:${ids.agentSid}|${ids.agentTrackSid} ${ids.agentTrackSid}`));
      continue;
    }
    out.push(line);
  }
  // A section without any msid line (no stream was set on the sender) gets one after its mid.
  if (!out.some((line) => line.startsWith(`a=msid:${ids.agentSid}|`))) {
    const at = out.indexOf(`a=mid:${mid}`);
    if (at >= 0) out.splice(at + 1, 0, `a=msid:${ids.agentSid}|${ids.agentTrackSid} ${ids.agentTrackSid}`);
  }
  return out.join('\r\n');
}
