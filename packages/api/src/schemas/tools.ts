import { z } from 'zod';
import { HttpUrl, IsoTimestamp, openEnum } from './common.js';

/** Tool and schema-parameter names: letters, digits, underscores, starting with a letter or underscore. */
export const TOOL_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** HTTP methods a tool can call with. */
export const TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Body formats for POST/PUT/PATCH tools (`form` = application/x-www-form-urlencoded). */
export const TOOL_BODY_FORMATS = ['json', 'form'] as const;

/** Types a schema parameter's extracted value can have. */
export const SCHEMA_PARAMETER_TYPES = ['string', 'number', 'float', 'boolean'] as const;

const namePatternMessage = 'Must contain only letters, digits and underscores, and start with a letter or underscore.';

/** A parameter the assistant extracts from the conversation and passes to the tool. */
export const ToolSchemaParameter = z.strictObject({
  name: z.string().min(1, { message: 'The parameter name must not be empty.' })
    .max(64, { message: 'The parameter name must not be greater than 64 characters.' })
    .regex(TOOL_NAME_PATTERN, { message: namePatternMessage }),
  type: z.enum(SCHEMA_PARAMETER_TYPES, { message: 'The parameter type must be one of string, number, float, boolean.' }),
  description: z.string().min(3, { message: 'The parameter description must be at least 3 characters.' })
    .max(255, { message: 'The parameter description must not be greater than 255 characters.' }),
  required: z.boolean().default(false),
});
export type ToolSchemaParameter = z.input<typeof ToolSchemaParameter>;

/** A header sent with every call of the tool (`{{variable}}` placeholders allowed in the value). */
export const ToolHeader = z.strictObject({
  name: z.string().min(1, { message: 'The header name must not be empty.' }),
  value: z.string(),
});
export type ToolHeader = z.input<typeof ToolHeader>;

/** A fixed key/value pair always sent with the request. */
export const ToolStaticField = z.strictObject({
  key: z.string().min(1, { message: 'The static field key must not be empty.' }),
  value: z.string(),
});
export type ToolStaticField = z.input<typeof ToolStaticField>;

/** Body of `POST /user/tools`: a mid-call HTTP tool. */
export const ToolCreateParams = z.strictObject({
  name: z.string({ message: 'The name is required and must be a string.' })
    .min(1, { message: 'The name must not be empty.' })
    .max(64, { message: 'The name must not be greater than 64 characters.' })
    .regex(TOOL_NAME_PATTERN, { message: namePatternMessage }),
  description: z.string({ message: 'The description is required and must be a string.' })
    .min(1, { message: 'The description must not be empty.' })
    .max(255, { message: 'The description must not be greater than 255 characters.' }),
  endpoint: HttpUrl.max(2048, { message: 'The endpoint must not be greater than 2048 characters.' }),
  method: z.enum(TOOL_METHODS, { message: 'The method must be one of GET, POST, PUT, PATCH, DELETE.' }),
  body_format: z.enum(TOOL_BODY_FORMATS, { message: 'The body_format must be json or form.' }).default('json'),
  timeout: z.int({ message: 'The timeout must be an integer number of seconds.' })
    .min(1, { message: 'The timeout must be at least 1 second.' })
    .max(30, { message: 'The timeout must not be greater than 30 seconds.' }).default(10),
  headers: z.array(ToolHeader).optional(),
  static_fields: z.array(ToolStaticField).optional(),
  schema: z.array(ToolSchemaParameter).optional(),
});
export type ToolCreateParams = z.input<typeof ToolCreateParams>;

/** A mid-call tool as the platform returns it. */
export const Tool = z.looseObject({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  type: openEnum(['http', 'automation']),
  endpoint: z.string(),
  method: openEnum(TOOL_METHODS),
  body_format: openEnum(TOOL_BODY_FORMATS),
  timeout: z.int(),
  headers: z.array(z.looseObject({ name: z.string(), value: z.string() })),
  static_fields: z.array(z.looseObject({ key: z.string(), value: z.string() })),
  schema: z.array(z.looseObject({
    name: z.string(),
    type: openEnum(SCHEMA_PARAMETER_TYPES),
    description: z.string(),
    required: z.boolean(),
  })),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type Tool = z.infer<typeof Tool>;

/** Response of `POST /user/tools`. */
export const ToolCreateResponse = z.looseObject({
  message: z.string(),
  data: Tool,
});
export type ToolCreateResponse = z.infer<typeof ToolCreateResponse>;
