import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

const h = useHarness({ media: undefined, agent: false });
beforeAll(async () => {
  // The media endpoint on the same server, without the demo agent (no speech engines needed here).
});

describe('media endpoint wiring', () => {
  it('attaches the media endpoint to the API server and validates minted tokens with the emulator secret', async () => {
    expect(h.emu.media).toBeDefined();
    const seed = await h.seed();
    const session = await h.api('POST', '/user/realtime/session', { body: { assistant_id: seed.primary.assistants[0].uuid } });
    expect(session.body.url).toBe(h.emu.mediaUrl);
    const origin = h.emu.baseUrl.replace(/\/api$/, '');
    const valid = await fetch(`${origin}/rtc/v1/validate?access_token=${encodeURIComponent(session.body.token)}`);
    expect(valid.status).toBe(200);
    const invalid = await fetch(`${origin}/rtc/v1/validate?access_token=not.a.token`);
    expect(invalid.status).toBe(401);
  });

  it('still answers other paths with JSON 404s', async () => {
    const res = await fetch(`${h.emu.baseUrl.replace(/\/api$/, '')}/rtc/elsewhere`);
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty('message');
  });

  it('ends a session without a room from the control API (no media room open)', async () => {
    const seed = await h.seed();
    const session = await h.api('POST', '/user/realtime/session', { body: { assistant_id: seed.primary.assistants[1].uuid } });
    const ended = await h.control('POST', `/realtime/${session.body.id}/end`);
    expect(ended.body).toMatchObject({ ended_by_media: false, data: { status: 'ended', holds_slot: false } });
    expect(h.emu.media?.roomCount()).toBe(0);
  });
});
