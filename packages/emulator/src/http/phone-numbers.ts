/**
 * Phone-number search over the generated inventory, by country and digits.
 */
import { Router } from 'express';
import type { PhoneNumbersState } from '../state/phone-numbers.js';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import type { RouterContext } from './context.js';
import { querySchemaOf, responseSchemaOf, route, successStatusOf } from './endpoint.js';
import { queryOf, reply } from './respond.js';
import { parseOr422 } from './validation.js';

function router(ctx: RouterContext): Router {
  const r = Router();
  route(r, 'phoneNumbers.search', requireAuth(ctx), (req, res) => {
    const query = parseOr422(querySchemaOf('phoneNumbers.search'), queryOf(req), res);
    if (!query) return;
    const data = ctx.state.area<PhoneNumbersState>('phone-numbers').search(query.country, query.digits);
    reply(res, successStatusOf('phoneNumbers.search'), responseSchemaOf('phoneNumbers.search'), { data });
  });
  return r;
}

/** The phone-number search area. */
export const phoneNumbersArea: ApiArea = { name: 'phone-numbers', router };
