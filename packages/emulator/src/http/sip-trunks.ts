/**
 * SIP trunks: validated by the contract (with the spec's fixed message), the country detected from
 * E.164 numbers, duplicates refused, trunks provisioned; the password is never returned.
 */
import { Router } from 'express';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { FaultsState } from '../state/faults.js';
import type { SipTrunksState } from '../state/sip-trunks.js';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { bodySchemaOf, responseSchemaOf, route, successStatusOf } from './endpoint.js';
import { bodyOf, reply } from './respond.js';
import { parseOr422 } from './validation.js';

function router(ctx: RouterContext): Router {
  const r = Router();
  route(r, 'sipTrunks.create', requireAuth(ctx), (req, res) => {
    const user = currentUser(req);
    const input = parseOr422(bodySchemaOf('sipTrunks.create'), bodyOf(req), res, { message: 'The given data was invalid.' });
    if (!input) return;
    const trunks = ctx.state.area<SipTrunksState>('sip-trunks');
    if (trunks.duplicateOf(user.accountId, input.phone_number, input.sip_username, input.sip_address)) {
      res.status(409).json({ error: 'A SIP trunk with this phone number, username and address already exists.' });
      return;
    }
    const fault = ctx.state.area<FaultsState>('faults').current.sip_trunks;
    if (fault === 'creation_failed') {
      res.status(500).json({ error: 'Failed to create the SIP trunk. Please try again.' });
      return;
    }
    if (fault === 'provisioning_failed') {
      res.status(500).json({ error: 'Provisioning of the SIP trunks failed. Please try again later.' });
      return;
    }
    const detected = input.sip_trunk_type === 'number' ? parsePhoneNumberFromString(input.phone_number)?.country : undefined;
    const trunk = trunks.create({
      accountId: user.accountId,
      phoneNumber: input.phone_number,
      nickname: input.nickname ?? null,
      sipUsername: input.sip_username,
      sipPassword: input.sip_password,
      sipAddress: input.sip_address,
      sipCallingFormat: input.sip_calling_format,
      inboundAuthorizationType: input.inbound_authorization_type,
      allowedInboundIps: input.inbound_authorization_type === 'ip' ? (input.allowed_inbound_ips ?? []) : null,
      outboundProxy: input.outbound_proxy,
      countryCode: (detected ?? input.country_code).toUpperCase(),
      inboundTrunkId: trunks.trunkId(),
      outboundTrunkId: trunks.trunkId(),
    });
    reply(res, successStatusOf('sipTrunks.create'), responseSchemaOf('sipTrunks.create'), {
      message: 'SIP trunk created successfully.',
      data: trunks.json(trunk),
    });
  });
  return r;
}

/** The SIP trunks area. */
export const sipTrunksArea: ApiArea = { name: 'sip-trunks', router };
