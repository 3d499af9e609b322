import { describe, expect, it } from 'vitest';
import { SipTrunkCreateParams, SipTrunkCreateResponse } from './sip-trunks.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

const trunk = {
  sip_trunk_type: 'number', phone_number: '+14155550123', sip_username: 'acme', sip_password: 'pw1',
  sip_address: 'sip.example.com', sip_calling_format: '+e164', inbound_authorization_type: 'auth', country_code: 'US',
};

describe('SIP trunk schemas', () => {
  it('accepts a number trunk with auth and defaults outbound_proxy to false', () => {
    expect(expectValid(SipTrunkCreateParams, trunk).outbound_proxy).toBe(false);
  });

  it('accepts an extension of 1 to 15 characters and rejects a longer one', () => {
    expectValid(SipTrunkCreateParams, { ...trunk, sip_trunk_type: 'extension', phone_number: '1' });
    expectValid(SipTrunkCreateParams, { ...trunk, sip_trunk_type: 'extension', phone_number: '1'.repeat(15) });
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, sip_trunk_type: 'extension', phone_number: '1'.repeat(16) }, 'phone_number', /1 to 15/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, sip_trunk_type: 'extension', phone_number: '' }, 'phone_number');
  });

  it('requires an E.164 phone number when the type is number', () => {
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, phone_number: '4155550123' }, 'phone_number', /E\.164/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, sip_trunk_type: 'trunk' }, 'sip_trunk_type', /extension or number/);
  });

  it('requires at least one valid IPv4 or IPv6 address when inbound authorization is ip', () => {
    expectValid(SipTrunkCreateParams, { ...trunk, inbound_authorization_type: 'ip', allowed_inbound_ips: ['203.0.113.7', '2001:db8::1'] });
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, inbound_authorization_type: 'ip' }, 'allowed_inbound_ips', /At least one/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, inbound_authorization_type: 'ip', allowed_inbound_ips: [] }, 'allowed_inbound_ips', /At least one/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, inbound_authorization_type: 'ip', allowed_inbound_ips: ['300.1.1.1'] }, 'allowed_inbound_ips.0', /IPv4 or IPv6/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, inbound_authorization_type: 'ip', allowed_inbound_ips: ['example.com'] }, 'allowed_inbound_ips.0');
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, inbound_authorization_type: 'token' }, 'inbound_authorization_type', /auth or ip/);
  });

  it('enforces nickname, username, password, address, calling format and country rules', () => {
    expectValid(SipTrunkCreateParams, { ...trunk, nickname: 'n'.repeat(50), sip_username: 'u'.repeat(128) });
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, nickname: 'n'.repeat(51) }, 'nickname', /50/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, sip_username: 'ab' }, 'sip_username', /at least 3/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, sip_username: 'u'.repeat(129) }, 'sip_username', /128/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, sip_password: 'pw' }, 'sip_password', /at least 3/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, sip_address: undefined }, 'sip_address', /required/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, sip_address: 'sip.example.com:5060' }, 'sip_address', /without port/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, sip_calling_format: 'e.164' }, 'sip_calling_format', /\+e164, e164, national/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, country_code: 'USA' }, 'country_code', /two-letter/);
    expectInvalidAt(SipTrunkCreateParams, { ...trunk, outbound_proxy: 'yes' }, 'outbound_proxy');
  });

  it('reads a trunk without a password, keeping unknown fields and unknown enum values', () => {
    const data = {
      id: 1, phone_number: '+14155550123', nickname: null, sip_username: 'acme', sip_address: 'sip.example.com',
      sip_calling_format: 'e164_no_plus', inbound_authorization_type: 'auth', allowed_inbound_ips: null, outbound_proxy: false,
      country_code: 'US', inbound_trunk_id: 'ST_in', outbound_trunk_id: 'ST_out', created_at: 'x', updated_at: 'x', region: 'us',
    };
    const parsed = SipTrunkCreateResponse.parse({ message: 'created', data });
    expect(parsed.data.sip_calling_format).toBe('e164_no_plus');
    expect(parsed.data.region).toBe('us');
    expect(parsed.data).not.toHaveProperty('sip_password');
  });
});
