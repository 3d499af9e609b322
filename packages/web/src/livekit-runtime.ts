// The only module that imports livekit-client. It is loaded with a dynamic import inside start(), so a
// page's first script stays small, and its named imports let bundlers drop the parts of livekit we
// never call (a dynamic import of the whole 'livekit-client' namespace would keep everything).
import { Room, RpcError, createLocalAudioTrack, setLogLevel } from 'livekit-client';
import type { LivekitRuntime } from './room-port.js';

// livekit logs every connection step at info level; a page's console should show only problems.
setLogLevel('warn');

/** The livekit-client implementation of the SDK's room seam. @internal */
export const livekitRuntime: LivekitRuntime = {
  createRoom: ({ outputDeviceId }) =>
    new Room({ audioOutput: outputDeviceId ? { deviceId: outputDeviceId } : undefined }),
  async createMicrophone({ deviceId }) {
    // livekit's capture defaults (echo cancellation, noise suppression, auto gain) apply. A bare string
    // id would become `{exact}` inside livekit, which fails on iOS where ids rotate; `ideal` never fails.
    const track = await createLocalAudioTrack({ deviceId: deviceId ? { ideal: deviceId } : undefined });
    // What setMicrophoneEnabled(true, _, {preConnectBuffer: true}) does; we create the track ourselves so
    // stop() can release it even while the permission prompt is still open.
    track.startPreConnectBuffer();
    return track;
  },
  rpcError: (code, message) => new RpcError(code, message),
};
