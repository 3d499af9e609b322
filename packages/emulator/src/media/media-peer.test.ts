import { describe, expect, it } from 'vitest';
import { rewriteMsid } from './media-peer.js';

const ids = { agentSid: 'PA_agent', agentTrackSid: 'TR_agent' };

describe('rewriteMsid', () => {
  it("rewrites only the agent section's msid to PA_…|TR_…", () => {
    const sdp = ['v=0', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:0', 'a=sendonly', 'a=msid:abc def', 'a=ssrc:1 msid:abc def',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:1', 'a=recvonly', 'a=msid:keep me', ''].join('\r\n');
    const out = rewriteMsid(sdp, '0', ids).split('\r\n');
    expect(out).toContain('a=msid:PA_agent|TR_agent TR_agent');
    expect(out).toContain('a=ssrc:1 msid:PA_agent|TR_agent TR_agent');
    expect(out).toContain('a=msid:keep me');
  });

  it('adds an msid when the section has none', () => {
    const sdp = ['v=0', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:0', 'a=sendonly', ''].join('\r\n');
    expect(rewriteMsid(sdp, '0', ids).split('\r\n')).toEqual(['v=0', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:0', 'a=msid:PA_agent|TR_agent TR_agent', 'a=sendonly', '']);
  });
});
