import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ZErrorResponse } from '@laurel/contract/errors';
import { ROLES } from '@laurel/contract/roles';
import { UPLOAD_COLUMNS } from '@laurel/contract/uploads';

import type { Dialect } from '../src/db/database.ts';
import { RATE_LIMIT_TABLE } from '../src/lib/rate-limit-store.ts';
import { RATE_LIMITS } from '../src/plugins/rate-limit.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { TEST_CLIENT_ID } from './helpers/tokens.ts';
import { createWorld, type World } from './helpers/world.ts';

/*
 * Every route of the OpenAPI document (read from the running app, so a new route is fuzzed without
 * a change here), called with a fixed list of hostile variants of its path id, query string,
 * headers and body, as a platform admin and, for a subset, without a token. Body variants follow
 * the route's request schema, one field at a time where a value could pass validation and reach
 * the database. No answer may be a 5xx, every refusal of an /api/ route has the JSON error shape
 * `{ message, fieldErrors? }`, nothing is served without a token that needs one, and no refused
 * request may change a single row (a variant that happens to be valid may write).
 *
 * The identity endpoint speaks Cognito's protocol outside the document; its operations get the
 * same treatment with protocol errors as the expected shape.
 */

// ---------------------------------------------------------------------------------------------
// The OpenAPI document, as far as the fuzz needs it

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface Field {
  name: string;
  schema: JsonSchema;
  /** Where it sits in the body: `['line_items', '0', 'unit_price']`; empty for the whole body. */
  path: string[];
}

interface Route {
  method: Method;
  /** As the document writes it: `/api/users/{id}`. */
  path: string;
  /** Answers without a token (the document names no security for it). */
  public: boolean;
  pathParams: string[];
  queryParams: string[];
  /** The JSON body's fields, or one unnamed field when the body is a single value (a CSV text). */
  body: { kind: 'object'; fields: Field[] } | { kind: 'value'; schema: JsonSchema } | undefined;
}

function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops += 1) {
    const name = current.$ref.split('/').pop()!;
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved ${current.$ref}`);
    current = target;
  }
  return current;
}

/** The schema with every `$ref` inside it replaced by its target. */
function resolveDeep(document: OpenApiDocument, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 20) return {};
  const resolved = resolve(document, schema);
  const deep = (child: JsonSchema) => resolveDeep(document, child, depth + 1);
  return {
    ...resolved,
    ...(resolved.anyOf ? { anyOf: resolved.anyOf.map(deep) } : {}),
    ...(resolved.items ? { items: deep(resolved.items) } : {}),
    ...(resolved.properties
      ? {
          properties: Object.fromEntries(
            Object.entries(resolved.properties).map(([key, child]) => [key, deep(child)]),
          ),
        }
      : {}),
  };
}

function routesOf(document: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [verb, operation] of Object.entries(operations)) {
      const method = verb.toUpperCase() as Method;
      if (!METHODS.includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content;
      const bodySchema = content
        ? resolveDeep(document, (content['application/json'] ?? Object.values(content)[0]!).schema)
        : undefined;
      let body: Route['body'];
      if (bodySchema?.properties) {
        body = {
          kind: 'object',
          fields: Object.entries(bodySchema.properties).map(([name, schema]) => ({
            name,
            schema,
            path: [name],
          })),
        };
      } else if (bodySchema) {
        body = { kind: 'value', schema: bodySchema };
      }
      routes.push({
        method,
        path,
        public: (operation.security ?? []).length === 0,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body,
      });
    }
  }
  // Deletions last, so that the rows they remove are still there for every other route.
  return routes.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
}

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'unknown';

function kindOf(schema: JsonSchema): Kind {
  if (schema.anyOf) {
    const first = schema.anyOf.find((s) => kindOf(s) !== 'unknown' && s.type !== 'null');
    return first ? kindOf(first) : 'unknown';
  }
  if (schema.const !== undefined) return typeof schema.const as Kind;
  if (schema.enum) return typeof schema.enum[0] as Kind;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return (type as Kind | undefined) ?? 'unknown';
}

let serial = 0;

/** A plausible value for a field, so that the hostile part of a variant is what gets judged. */
function sample(field: Field, ids: SeededIds): unknown {
  const { schema, name } = field;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) {
    // Optional text that may be null is left null, so that the fields that must be right are.
    if (schema.anyOf.some((s) => s.type === 'null')) return null;
    return sample({ ...field, schema: schema.anyOf[0]! }, ids);
  }
  switch (kindOf(schema)) {
    case 'integer':
    case 'number':
      return /organization/i.test(name) ? ids.organization : 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample({ ...field, schema: schema.items ?? { type: 'string' } }, ids),
      );
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          sample({ name: key, schema: property, path: [...field.path, key] }, ids),
        ]),
      );
    default: {
      if (schema.format === 'email') return `fuzz-${++serial}@example.org`;
      if (schema.format === 'uri') return 'https://example.org';
      if (schema.format === 'date') return '2026-01-01';
      if (/domain/i.test(name)) return 'example.org';
      return `Fuzz${++serial}`.padEnd(schema.minLength ?? 0, 'x');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const HUGE = 'a'.repeat(100_000);
const TWO_MB = 2 * 1024 * 1024;
const HUGE_NUMBER = '99999999999999999999';
const INT4_OVERFLOW = '2147483648';
const MAX_SAFE = String(Number.MAX_SAFE_INTEGER);
/** Valid characters that often break naive code: right-to-left override, zero-width, BOM, combining. */
const UNICODE_EDGES = 'A\u202eB\u200fC\u200bD\ufeffE\u0301F\u{1F600}';

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = { deeper: value };
  return value;
}

function deepArrayText(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** JSON text of `base` with extra members written as raw JSON (`"__proto__"` survives this way). */
function withRawMembers(base: Record<string, unknown>, raw: string): string {
  const text = JSON.stringify(base);
  return text === '{}' ? `{${raw}}` : `{${raw},${text.slice(1)}`;
}

// ---------------------------------------------------------------------------------------------
// Requests

interface SeededIds {
  organization: number;
  credential: number;
  contract: number;
  user: number;
  bookmark: number;
  upload: number;
  earningsImport: number;
  benchmark: number;
  award: number;
  apiKey: number;
  webhook: number;
  delivery: number;
  scimToken: number;
}

/** The seeded row a path parameter stands for, by the collection segment in front of it. */
function realIdFor(route: Route, ids: SeededIds, name = 'id'): number {
  const segments = route.path.split('/');
  const collection = segments[segments.indexOf(`{${name}}`) - 1];
  const byCollection: Record<string, number> = {
    organizations: ids.organization,
    credentials: ids.credential,
    contracts: ids.contract,
    users: ids.user,
    bookmarks: ids.bookmark,
    uploads: ids.upload,
    'earnings-imports': ids.earningsImport,
    benchmarks: ids.benchmark,
    awards: ids.award,
    'api-keys': ids.apiKey,
    tokens: ids.scimToken,
    webhooks: ids.webhook,
    deliveries: ids.delivery,
    // A SAML test sign-in kept for ten minutes: none was started, so its result is refused.
    'test-sign-in': 1,
  };
  const id = collection ? byCollection[collection] : undefined;
  if (id === undefined)
    throw new Error(`${route.method} ${route.path}: no seeded row for "${collection}"; add one`);
  return id;
}

interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The one parameter or field the variant changed, when it changed one at a time. */
  target?: string;
}

interface Context {
  route: Route;
  ids: SeededIds;
}

/** The route's URL with real ids, or `pathId` (raw, already URL-encoded) in place of every id. */
function urlOf({ route, ids }: Context, options: { pathId?: string; query?: string } = {}) {
  let url = route.path;
  for (const name of route.pathParams) {
    url = url.replace(`{${name}}`, options.pathId ?? String(realIdFor(route, ids, name)));
  }
  return options.query ? `${url}?${options.query}` : url;
}

/** The route's query parameters (`search` when it declares none: an unknown one is hostile too). */
function queryNames(route: Route): string[] {
  return route.queryParams.length > 0 ? route.queryParams : ['search'];
}

/** The body's top-level fields (one unnamed field for a body that is a single value). */
function fieldsOf(route: Route): Field[] {
  if (route.body?.kind === 'object' && route.body.fields.length > 0) return route.body.fields;
  if (route.body?.kind === 'value') return [{ name: '', schema: route.body.schema, path: [] }];
  return [{ name: 'note', schema: { type: 'string' }, path: ['note'] }];
}

/** Every scalar field, nested ones too (in objects, and in the first item of arrays of objects). */
function leavesOf(route: Route): Field[] {
  const leaves: Field[] = [];
  const visit = (field: Field) => {
    const { schema } = field;
    if (schema.properties) {
      for (const [name, child] of Object.entries(schema.properties))
        visit({ name, schema: child, path: [...field.path, name] });
    } else if (schema.items?.properties) {
      visit({ name: field.name, schema: schema.items, path: [...field.path, '0'] });
    } else {
      leaves.push(field);
    }
  };
  for (const field of fieldsOf(route)) visit(field);
  return leaves;
}

/** A JSON body of plausible values: `mutate` changes every top-level field, or `only` that one. */
function bodyWith(
  context: Context,
  mutate: (value: unknown, field: Field) => unknown,
  only?: Field,
): unknown {
  const { route, ids } = context;
  if (route.body?.kind === 'value') {
    const field = fieldsOf(route)[0]!;
    return mutate(sample(field, ids), field);
  }
  const body: Record<string, unknown> = {};
  for (const field of fieldsOf(route)) {
    const value = sample(field, ids);
    body[field.name] = only ? value : mutate(value, field);
  }
  if (only) {
    let parent = body as Record<string, unknown>;
    for (const key of only.path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
    const key = only.path.at(-1)!;
    parent[key] = mutate(parent[key], only);
  }
  return body;
}

function plainBody(context: Context): Record<string, unknown> {
  const body = bodyWith(context, (value) => value);
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

const json = (url: string, payload: string, target?: string): FuzzRequest => ({
  url,
  headers: { 'content-type': 'application/json' },
  payload,
  ...(target === undefined ? {} : { target }),
});

const isNumeric = (field: Field) => ['integer', 'number'].includes(kindOf(field.schema));
const isText = (field: Field) => kindOf(field.schema) === 'string';

function multipartBody(
  parts: Array<{ field: string; fileName: string; content: Buffer; type?: string }>,
) {
  const boundary = `----fuzz-boundary-${++serial}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\n` +
          `Content-Type: ${part.type ?? 'text/csv'}\r\n\r\n`,
        'latin1',
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Variant {
  name: string;
  /** Also sent without a token (public routes are reached; the rest must answer 401). */
  anonymous?: boolean;
  /** The requests for a route; none when the variant has nothing to vary there. */
  build(context: Context): FuzzRequest[];
}

const one = (name: string, build: (context: Context) => FuzzRequest, anonymous = false) => ({
  name,
  anonymous,
  build: (context: Context) => [build(context)],
});

/**
 * A plausible JSON body when the route declares one, so that a hostile path id or header is what
 * gets judged rather than a missing body.
 */
function plausibleBody(context: Context): Pick<FuzzRequest, 'headers' | 'payload'> {
  if (context.route.body === undefined) return { headers: {} };
  return {
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(bodyWith(context, (value) => value)),
  };
}

const pathId = (name: string, id: (real: number) => string, anonymous = false): Variant => ({
  name: `path id ${name}`,
  anonymous,
  build: (context) =>
    context.route.pathParams.length === 0
      ? []
      : [
          {
            url: urlOf(context, {
              pathId: id(realIdFor(context.route, context.ids, context.route.pathParams[0])),
            }),
            ...plausibleBody(context),
          },
        ],
});

/** Every query parameter of the route at once carries `value` (encoded already). */
const queryAll = (name: string, value: (param: string) => string, anonymous = false) =>
  one(
    `query ${name}`,
    (context) => ({
      url: urlOf(context, {
        query: queryNames(context.route)
          .map((param) => `${encodeURIComponent(param)}=${value(param)}`)
          .join('&'),
      }),
      headers: {},
    }),
    anonymous,
  );

/** One request per query parameter, that parameter alone carrying `value`: validation passes elsewhere. */
const queryEach = (name: string, value: string): Variant => ({
  name: `query ${name}`,
  build: (context) =>
    queryNames(context.route).map((param) => ({
      url: urlOf(context, { query: `${encodeURIComponent(param)}=${value}` }),
      headers: {},
      target: param,
    })),
});

/** Every field of the body at once changed by `mutate`. */
const bodyAll = (
  name: string,
  mutate: (value: unknown, field: Field) => unknown,
  anonymous = false,
) =>
  one(
    `body ${name}`,
    (context) => json(urlOf(context), JSON.stringify(bodyWith(context, mutate))),
    anonymous,
  );

/**
 * One request per field that `applies`, the others plausible: a value that passes validation
 * reaches the service and the database. Only routes that declare a body.
 */
const bodyEach = (
  name: string,
  applies: (field: Field) => boolean,
  mutate: (value: unknown, field: Field) => unknown,
): Variant => ({
  name: `body ${name}`,
  build: (context) =>
    context.route.body === undefined
      ? []
      : leavesOf(context.route)
          .filter(applies)
          .map((field) =>
            json(
              urlOf(context),
              JSON.stringify(bodyWith(context, mutate, field)),
              field.path.join('.') || 'body',
            ),
          ),
});

const headers = (name: string, values: Record<string, string>, anonymous = false) =>
  one(
    name,
    (context) => {
      const body = plausibleBody(context);
      return { url: urlOf(context), ...body, headers: { ...body.headers, ...values } };
    },
    anonymous,
  );

const withBody = (
  name: string,
  contentType: string,
  payload: (context: Context) => string | Buffer,
  anonymous = false,
) =>
  one(
    name,
    (context) => ({
      url: urlOf(context),
      headers: { 'content-type': contentType },
      payload: payload(context),
    }),
    anonymous,
  );

const HOSTILE_CSV =
  'award_external_id,credential_code,award_date,provider,year,annual_wage,employed,full_time,industry,job_role\r\n' +
  `\u0000,=cmd|'/C calc'!A0,2021-13-45,${HUGE},${HUGE_NUMBER},-1e309,maybe,\ud800,"unterminated\r\n`;

/** The fixed list: the same variants, in the same order, on every run. */
/** More requests than any route receives (about 150 today); the admins share them. */
const MAX_REQUESTS_PER_ROUTE = 200;

const VARIANTS: Variant[] = [
  // Path ids
  pathId('beyond 64 bits', () => HUGE_NUMBER, true),
  pathId('largest safe integer', () => MAX_SAFE),
  pathId('beyond 32 bits', () => INT4_OVERFLOW),
  pathId('negative', () => '-1'),
  pathId('zero', () => '0'),
  pathId('hexadecimal', (id) => `0x${id.toString(16)}`),
  pathId('exponent', (id) => `${id}e0`),
  pathId('with NUL', (id) => `${id}%00`, true),
  pathId('invalid UTF-8 and lone surrogate', () => '%ED%A0%80%uD800', true),
  pathId('100k characters', () => HUGE),
  pathId('__proto__', () => '__proto__'),
  pathId('constructor', () => 'constructor'),
  pathId('traversal', () => '..%2F..%2Fetc%2Fpasswd'),
  pathId('SQL', (id) => `${id}%27%20OR%201%3D1--`),

  // Query strings
  queryAll('NUL in every parameter', () => 'a%00b', true),
  queryAll('escape, DEL and C1 controls', () => '%1B%5B31m%7F%C2%85'),
  queryAll('100k characters everywhere', () => HUGE, true),
  queryAll('repeated parameters', (param) => `1&${encodeURIComponent(param)}=2`),
  queryAll('bracket keys', (param) => `1&${param}[__proto__]=x&${param}[a]=1`),
  one(
    'query prototype keys',
    (context) => ({
      url: urlOf(context, {
        query: '__proto__=1&constructor=x&prototype=y&__proto__[polluted]=1&hasOwnProperty=z',
      }),
      headers: {},
    }),
    true,
  ),
  queryAll('invalid UTF-8 and lone surrogate', () => '%ED%A0%80%uD800%E0%A4%A', true),
  queryEach('beyond 64 bits', HUGE_NUMBER),
  queryEach('beyond 32 bits', INT4_OVERFLOW),
  queryEach('largest safe integer', MAX_SAFE),
  queryEach('negative', '-1'),
  queryEach('hexadecimal and exponent', '0x10e3'),
  queryEach('100k characters', HUGE),
  queryEach('unicode edges', encodeURIComponent(UNICODE_EDGES)),
  queryEach('empty value', ''),

  // Headers
  headers('acting organization beyond 32 bits', { 'x-acting-organization': INT4_OVERFLOW }),
  headers('acting organization that does not exist', { 'x-acting-organization': MAX_SAFE }),
  headers('acting organization not a number', { 'x-acting-organization': '1 OR 1=1' }),
  headers('garbage bearer token', { authorization: `Bearer ${HUGE}.${HUGE}.x` }, true),

  // JSON bodies, derived from the route's request schema
  bodyAll('NUL in every string field', (v, f) => (isText(f) ? `${v}\u0000x` : v), true),
  bodyAll('escape, DEL and C1 controls in every string field', (v, f) =>
    isText(f) ? `${v}\u001b[31m\u007f\u0085\u009b` : v,
  ),
  bodyAll('100k-character strings everywhere', (v, f) => (isText(f) ? HUGE : v), true),
  bodyAll('numbers where strings are expected', (v, f) => (isText(f) ? 12345 : v)),
  bodyAll('strings where numbers and booleans are expected', (v, f) =>
    isNumeric(f) ? '1e3' : kindOf(f.schema) === 'boolean' ? 'true' : v,
  ),
  bodyAll('arrays where scalars are expected', (v) => [v, v]),
  bodyAll('objects where scalars are expected', (value) => ({ value })),
  bodyAll('negative and fractional numbers', (v, f) => (isNumeric(f) ? -1.5 : v)),
  bodyAll('nested 40 deep in every field', (v) => nested(40, v), true),
  bodyAll('prototype keys inside fields', () =>
    JSON.parse('{"__proto__":{"x":1},"prototype":1,"toString":2}'),
  ),
  bodyEach('number beyond 32 bits', isNumeric, () => Number(INT4_OVERFLOW)),
  bodyEach('largest safe integer', isNumeric, () => Number.MAX_SAFE_INTEGER),
  bodyEach('number beyond 64 bits', isNumeric, () => Number(HUGE_NUMBER)),
  bodyEach('100k characters', isText, () => HUGE),
  // JSON.stringify writes a lone surrogate as the escape `\ud800`, which parses back to one.
  bodyEach('lone surrogate and unicode edges', isText, (v) => `${v}\ud800${UNICODE_EDGES}`),
  bodyEach(
    'null',
    () => true,
    () => null,
  ),
  one(
    'body __proto__ key',
    (context) =>
      json(
        urlOf(context),
        withRawMembers(plainBody(context), '"__proto__":{"polluted":true,"role_id":100}'),
      ),
    true,
  ),
  one('body constructor.prototype key', (context) =>
    json(
      urlOf(context),
      withRawMembers(plainBody(context), '"constructor":{"prototype":{"polluted":true}}'),
    ),
  ),
  one('body arrays nested 5000 deep', (context) => json(urlOf(context), deepArrayText(5000)), true),
  one(
    'body 2 MB of JSON',
    (context) => {
      const first = fieldsOf(context.route)[0]!;
      return json(
        urlOf(context),
        JSON.stringify(
          first.name === ''
            ? 'a'.repeat(TWO_MB)
            : { ...plainBody(context), [first.name]: 'a'.repeat(TWO_MB) },
        ),
      );
    },
    true,
  ),
  one('body unknown extra fields', (context) =>
    json(
      urlOf(context),
      JSON.stringify({ ...plainBody(context), isAdmin: true, role_id: 100, organizationId: 1 }),
    ),
  ),
  one('body whole JSON scalar', (context) => json(urlOf(context), '"just a string"')),
  one('body whole JSON array', (context) =>
    json(urlOf(context), JSON.stringify([plainBody(context)])),
  ),
  one('body empty with JSON content type', (context) => json(urlOf(context), ''), true),
  one('body invalid JSON', (context) => json(urlOf(context), '{"name": "a", "broken": '), true),

  // Other content types
  withBody('JSON in UTF-16', 'application/json; charset=utf-16le', (context) =>
    Buffer.from(JSON.stringify(plainBody(context)), 'utf16le'),
  ),
  withBody('content type text/plain', 'text/plain', (context) =>
    JSON.stringify(plainBody(context)),
  ),
  withBody(
    'content type application/xml',
    'application/xml',
    () => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    true,
  ),
  withBody(
    'content type form-urlencoded',
    'application/x-www-form-urlencoded',
    () => 'name=a&__proto__[polluted]=1&role_id=100',
  ),
  withBody(
    'multipart with garbage',
    'multipart/form-data; boundary=zz',
    () => '--zz\r\nContent-Disposition: form-data; name="file"\r\n\u0000\u00ff garbage --z',
    true,
  ),
  withBody('multipart without boundary', 'multipart/form-data', () => 'anything'),
  one('multipart file with hostile name and binary content', (context) => {
    const body = multipartBody([
      {
        field: 'file',
        fileName: '../../etc/passwd\u0001\u202e.csv',
        content: Buffer.concat([
          Buffer.from(`${UPLOAD_COLUMNS.join(',')}\r\n`),
          Buffer.from([0, 0xff, 0xfe, 0xd8, 0x00, 0x0d, 0x0a, 0xc3, 0x28]),
        ]),
      },
    ]);
    return {
      url: urlOf(context),
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    };
  }),
  one('multipart CSV with NUL, invalid UTF-8, formulas and a 100k cell', (context) => {
    const body = multipartBody([
      {
        field: 'file',
        fileName: 'awards.csv',
        content: Buffer.concat([
          Buffer.from(`${UPLOAD_COLUMNS.join(',')}\r\n=cmd|'/C calc'!A0,\u0000,`),
          Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]),
          Buffer.from(`,${HUGE},"unterminated,,2024-13-45\r\n`),
        ]),
      },
    ]);
    return {
      url: urlOf(context),
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    };
  }),
  one('multipart files under prototype field names', (context) => {
    const body = multipartBody([
      { field: '__proto__', fileName: 'x.csv', content: Buffer.from('a') },
      { field: 'constructor', fileName: 'y.csv', content: Buffer.from('b') },
    ]);
    return {
      url: urlOf(context),
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    };
  }),
  withBody('CSV with control characters and formulas', 'text/csv', () => HOSTILE_CSV),
  withBody('CSV of 2 MB', 'text/csv', () =>
    `${'x,'.repeat(9)}x\r\n`.repeat(Math.ceil(TWO_MB / 21)),
  ),
];

// ---------------------------------------------------------------------------------------------
// The database's fingerprint: every row of every table

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The tables of the test database, read from the database itself. */
async function tablesOf(t: TestApp): Promise<string[]> {
  const query =
    t.database.handle.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`
      : sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`;
  // Request counters (PostgreSQL's rate limit store) count refused requests too: that is their job.
  return (await query.execute(t.database.handle.db)).rows
    .map((row) => row.name)
    .filter((name) => name !== RATE_LIMIT_TABLE && name !== WRITE_COUNTER)
    .sort();
}

/** Per table: its rows as one text (or the text's hash), and how many there are. */
type Fingerprint = Map<string, { rows: string; count: number }>;

/** Counts row writes to the fingerprinted tables (test databases only). */
const WRITE_COUNTER = 'fuzz_row_writes';

/**
 * Triggers that count every inserted, updated or deleted row of `tables`. PostgreSQL counts in a
 * sequence, which takes no lock and so never makes two transactions wait on each other (a
 * rolled-back write still counts: that only costs one more full read). SQLite, with one writer,
 * counts in a one-row table.
 */
const writeCounters = new WeakMap<TestApp, Promise<() => Promise<number>>>();
function countWrites(
  t: TestApp,
  dialect: Dialect,
  tables: string[],
): Promise<() => Promise<number>> {
  let counter = writeCounters.get(t);
  if (!counter) {
    counter = installWriteCounter(t, dialect, tables);
    writeCounters.set(t, counter);
  }
  return counter;
}

async function installWriteCounter(
  t: TestApp,
  dialect: Dialect,
  tables: string[],
): Promise<() => Promise<number>> {
  const db = t.database.handle.db;
  if (dialect === 'postgres') {
    await sql.raw(`create sequence ${quoted(WRITE_COUNTER)}`).execute(db);
    await sql
      .raw(
        `create function ${quoted(WRITE_COUNTER)}() returns trigger language plpgsql as ` +
          `$$ begin perform nextval(${literal(WRITE_COUNTER)}); return null; end $$`,
      )
      .execute(db);
    for (const table of tables)
      await sql
        .raw(
          `create trigger ${quoted(`${WRITE_COUNTER}_${table}`)} after insert or update or delete ` +
            `on ${quoted(table)} for each row execute function ${quoted(WRITE_COUNTER)}()`,
        )
        .execute(db);
    const read = sql<{ n: string }>`select last_value::text as n from ${sql.table(WRITE_COUNTER)}`;
    return async () => Number((await read.execute(db)).rows[0]!.n);
  }
  // Full-text indexes (virtual tables and their shadow tables) take no triggers; they are only
  // written through the triggers of the ordinary tables they index, which count.
  const ordinary = new Set(
    (
      await sql<{
        name: string;
      }>`select name from pragma_table_list where schema = 'main' and type = 'table'`.execute(db)
    ).rows.map((row) => row.name),
  );
  await sql.raw(`create table ${quoted(WRITE_COUNTER)} (n integer not null)`).execute(db);
  await sql.raw(`insert into ${quoted(WRITE_COUNTER)} (n) values (0)`).execute(db);
  for (const table of tables.filter((name) => ordinary.has(name)))
    for (const event of ['insert', 'update', 'delete'])
      await sql
        .raw(
          `create trigger ${quoted(`${WRITE_COUNTER}_${event}_${table}`)} after ${event} ` +
            `on ${quoted(table)} begin update ${quoted(WRITE_COUNTER)} set n = n + 1; end`,
        )
        .execute(db);
  const read = sql<{ n: number }>`select n from ${sql.table(WRITE_COUNTER)}`;
  return async () => Number((await read.execute(db)).rows[0]!.n);
}

/**
 * One query that reads every row of every table, so that a change anywhere (insert, update or
 * delete) shows. PostgreSQL hashes each table's rows; SQLite quotes every column of every row.
 * The full read is repeated only when the write counter moved since the last one: reading every
 * row after each of ten thousand requests was most of this suite's time.
 */
async function fingerprinter(t: TestApp, dialect: Dialect) {
  const db = t.database.handle.db;
  const tables = await tablesOf(t);
  let parts: string[];
  if (dialect === 'postgres') {
    parts = tables.map(
      (table) =>
        `select ${literal(table)} as name, ` +
        `md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as rows, ` +
        `count(*) as count from ${quoted(table)} x`,
    );
  } else {
    parts = [];
    for (const table of tables) {
      const columns = await sql<{
        name: string;
      }>`select name from pragma_table_info(${table})`.execute(db);
      const row = columns.rows.map((column) => `quote(${quoted(column.name)})`).join(` || ',' || `);
      parts.push(
        `select ${literal(table)} as name, (select group_concat(r, char(10)) from ` +
          `(select ${row} as r from ${quoted(table)} order by 1)) as rows, ` +
          `(select count(*) from ${quoted(table)}) as count`,
      );
    }
  }
  const query = sql.raw<{ name: string; rows: string | null; count: number | string }>(
    parts.join(' union all '),
  );
  const writes = await countWrites(t, dialect, tables);
  let last: { writes: number; fingerprint: Fingerprint } | undefined;
  return {
    tables,
    async take(): Promise<Fingerprint> {
      // Read before the full read: a write in between moves it again, so it is never missed.
      const written = await writes();
      if (last?.writes === written) return last.fingerprint;
      const result = await query.execute(db);
      const fingerprint: Fingerprint = new Map(
        result.rows.map((row) => [row.name, { rows: row.rows ?? '', count: Number(row.count) }]),
      );
      last = { writes: written, fingerprint };
      return fingerprint;
    },
  };
}

/** Tables whose rows changed in any way, or (`added`) that gained rows. */
function changedTables(before: Fingerprint, after: Fingerprint, what: 'rows' | 'added'): string[] {
  return [...after.keys()].filter((table) =>
    what === 'rows'
      ? before.get(table)?.rows !== after.get(table)?.rows
      : (after.get(table)?.count ?? 0) > (before.get(table)?.count ?? 0),
  );
}

// ---------------------------------------------------------------------------------------------
// The run

const MIN_VARIANTS_PER_ROUTE = 20;

/** The error shape of every refusal: the contract's `ErrorResponse`, nothing else. */
function hasErrorShape(text: string): boolean {
  try {
    // The contract's one error shape, and nothing beside it.
    const parsed = ZErrorResponse.strict().safeParse(JSON.parse(text));
    return parsed.success && parsed.data.message.length > 0;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// The identity endpoint: Cognito's JSON protocol at /identity/, outside the OpenAPI document

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

interface IdentitySession {
  email: string;
  accessToken: string;
  refreshToken: string;
}

/** Each operation with an input it would act on, so that one changed field is what gets judged. */
function identityOperations(session: IdentitySession) {
  const { email, accessToken: AccessToken, refreshToken } = session;
  const ClientId = TEST_CLIENT_ID;
  const wrong = 'Wrong-password-2026!';
  const device = 'local-1_00000000-0000-4000-8000-000000000000';
  return [
    [
      'InitiateAuth',
      {
        ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: wrong },
      },
    ],
    [
      'InitiateAuth',
      {
        ClientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: email, SRP_A: 'ab'.repeat(192) },
      },
    ],
    [
      'InitiateAuth',
      { ClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } },
    ],
    [
      'RespondToAuthChallenge',
      {
        ClientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        Session: 'not-a-session',
        ChallengeResponses: {
          USERNAME: email,
          PASSWORD_CLAIM_SIGNATURE: 'c2lnbmF0dXJl',
          PASSWORD_CLAIM_SECRET_BLOCK: 'YmxvY2s=',
          TIMESTAMP: 'Thu Jan 1 00:00:00 UTC 2026',
        },
      },
    ],
    ['GetTokensFromRefreshToken', { ClientId, RefreshToken: refreshToken }],
    ['GetUser', { AccessToken }],
    ['ChangePassword', { AccessToken, PreviousPassword: wrong, ProposedPassword: `${wrong}x` }],
    ['ForgotPassword', { ClientId, Username: email }],
    [
      'ConfirmForgotPassword',
      { ClientId, Username: email, ConfirmationCode: '000000', Password: `${wrong}x` },
    ],
    [
      'SetUserMFAPreference',
      { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } },
    ],
    ['AssociateSoftwareToken', { AccessToken, Session: 'not-a-session' }],
    ['VerifySoftwareToken', { AccessToken, UserCode: '000000', FriendlyDeviceName: 'phone' }],
    [
      'ConfirmDevice',
      {
        AccessToken,
        DeviceKey: device,
        DeviceName: 'laptop',
        DeviceSecretVerifierConfig: { PasswordVerifier: 'dmVyaWZpZXI=', Salt: 'c2FsdA==' },
      },
    ],
    [
      'UpdateDeviceStatus',
      { AccessToken, DeviceKey: device, DeviceRememberedStatus: 'not_remembered' },
    ],
    ['ForgetDevice', { AccessToken, DeviceKey: device }],
    ['ListDevices', { AccessToken, Limit: 10, PaginationToken: 'x' }],
    // Last: these end the session the others use.
    ['RevokeToken', { ClientId, Token: refreshToken }],
    ['GlobalSignOut', { AccessToken }],
    ['NoSuchOperation', { ClientId }],
  ] as Array<[string, Record<string, unknown>]>;
}

/** Paths of every scalar in an input: `['AuthParameters', 'USERNAME']`. */
function scalarPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? scalarPaths(child as Record<string, unknown>, [...prefix, key])
      : [[...prefix, key]],
  );
}

function withValueAt(input: Record<string, unknown>, path: string[], value: unknown) {
  const copy = structuredClone(input);
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  parent[path.at(-1)!] = value;
  return copy;
}

/** What each field of an input is replaced by, one field at a time. */
const IDENTITY_FIELD_VALUES: Array<[string, (value: unknown) => unknown]> = [
  ['NUL', (value) => `${String(value)}\u0000`],
  ['100k characters', () => HUGE],
  ['a number', () => 12345],
  ['beyond 64 bits', () => 1e20],
  ['an object', () => JSON.parse('{"nested":{"__proto__":{"polluted":true}}}')],
  ['an array', (value) => [value, value]],
  ['null', () => null],
  // JSON.stringify writes a lone surrogate as the escape `\ud800`.
  ['lone surrogate and unicode edges', (value) => `${String(value)}\ud800${UNICODE_EDGES}`],
];

interface IdentityRequest {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  payload?: string;
}

function identityRequests(session: IdentitySession): IdentityRequest[] {
  const requests: IdentityRequest[] = [];
  const post = (
    name: string,
    target: string,
    payload: string,
    contentType = 'application/x-amz-json-1.1',
  ) =>
    requests.push({
      name,
      url: '/identity/',
      method: 'POST',
      headers: { 'content-type': contentType, 'x-amz-target': target },
      payload,
    });
  for (const [operation, input] of identityOperations(session)) {
    const target = `${TARGET_PREFIX}${operation}`;
    const flow = typeof input.AuthFlow === 'string' ? ` ${input.AuthFlow}` : '';
    const label = `${operation}${flow}`;
    for (const path of scalarPaths(input)) {
      for (const [what, value] of IDENTITY_FIELD_VALUES) {
        const changed = withValueAt(
          input,
          path,
          value(path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], input)),
        );
        post(`${label} — ${path.join('.')} ${what}`, target, JSON.stringify(changed));
      }
    }
    const text = JSON.stringify(input);
    post(`${label} — invalid JSON`, target, text.slice(0, -1));
    post(`${label} — empty body`, target, '');
    post(`${label} — JSON array`, target, JSON.stringify([input]));
    post(`${label} — JSON string`, target, JSON.stringify(text));
    post(`${label} — 2 MB body`, target, JSON.stringify({ ...input, Padding: 'a'.repeat(TWO_MB) }));
    post(`${label} — arrays nested 5000 deep`, target, deepArrayText(5000));
    post(
      `${label} — every field nested 40 deep`,
      target,
      JSON.stringify(Object.fromEntries(Object.keys(input).map((key) => [key, nested(40, 'x')]))),
    );
    post(
      `${label} — __proto__ key`,
      target,
      withRawMembers(input, '"__proto__":{"polluted":true}'),
    );
    post(
      `${label} — constructor.prototype key`,
      target,
      withRawMembers(input, '"constructor":{"prototype":{"polluted":true}}'),
    );
    post(`${label} — content type text/plain`, target, text, 'text/plain');
    post(`${label} — content type application/xml`, target, '<x>&e;</x>', 'application/xml');
    post(
      `${label} — content type form-urlencoded`,
      target,
      'ClientId=x&__proto__[polluted]=1',
      'application/x-www-form-urlencoded',
    );
    post(
      `${label} — content type multipart`,
      target,
      '--zz\r\ngarbage',
      'multipart/form-data; boundary=zz',
    );
    post(
      `${label} — content type JSON in UTF-16`,
      target,
      text,
      'application/json; charset=utf-16le',
    );
  }
  const anyInput = JSON.stringify({ ClientId: TEST_CLIENT_ID });
  for (const target of [
    '',
    'NoPrefix.InitiateAuth',
    `${TARGET_PREFIX}`,
    `${TARGET_PREFIX}__proto__`,
    `${TARGET_PREFIX}constructor`,
    `${TARGET_PREFIX}toString`,
    `${TARGET_PREFIX}hasOwnProperty`,
    `${TARGET_PREFIX}valueOf`,
    `${TARGET_PREFIX}${HUGE}`,
  ]) {
    post(`target "${target.slice(0, 60)}"`, target, anyInput);
  }
  const queries = [
    'identity_provider=a%00b&redirect_uri=https%3A%2F%2Fexample.org&state=x',
    `identity_provider=${HUGE}&redirect_uri=${HUGE}`,
    'identity_provider=a&identity_provider=b&redirect_uri=javascript%3Aalert(1)',
    '__proto__[polluted]=1&constructor=x&code[a]=1&state[__proto__]=x',
    'code=%ED%A0%80%uD800&state=%E0%A4%A',
    `code=${HUGE_NUMBER}&state=-1&response_type=token&client_id=${TEST_CLIENT_ID}&scope=%00`,
    'error=access_denied&error_description=%1B%5B31m&state=x',
  ];
  for (const endpoint of ['/identity/oauth2/authorize', '/identity/oauth2/idpresponse']) {
    for (const query of queries) {
      requests.push({
        name: `GET ${endpoint}?${query.slice(0, 60)}`,
        url: `${endpoint}?${query}`,
        method: 'GET',
        headers: {},
      });
    }
  }
  for (const [contentType, payload] of [
    [
      'application/x-www-form-urlencoded',
      'grant_type=authorization_code&code=a%00b&redirect_uri=x',
    ],
    [
      'application/x-www-form-urlencoded',
      `grant_type=authorization_code&code=${HUGE}&code_verifier=${HUGE}`,
    ],
    ['application/x-www-form-urlencoded', '__proto__[polluted]=1&grant_type[a]=1&code=%ED%A0%80'],
    ['application/x-www-form-urlencoded', 'grant_type=refresh_token&refresh_token=x&client_id=%00'],
    ['application/x-www-form-urlencoded', ''],
    ['application/x-www-form-urlencoded', 'a'.repeat(TWO_MB)],
    ['application/json', '{"grant_type":"authorization_code","code":{"a":1}}'],
    ['application/json', '{"broken": '],
    ['text/plain', 'grant_type=authorization_code'],
    ['multipart/form-data; boundary=zz', '--zz\r\ngarbage'],
  ] as const) {
    requests.push({
      name: `POST /identity/oauth2/token ${contentType} ${payload.slice(0, 40)}`,
      url: '/identity/oauth2/token',
      method: 'POST',
      headers: { 'content-type': contentType },
      payload,
    });
  }
  return requests;
}

/** A refusal in the identity protocol: Cognito's `{ __type, message }`, or OAuth's `{ error }`. */
function hasIdentityErrorShape(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { __type?: unknown; message?: unknown; error?: unknown };
    return (
      (typeof parsed.__type === 'string' && typeof parsed.message === 'string') ||
      typeof parsed.error === 'string'
    );
  } catch {
    return false;
  }
}

async function seed(t: TestApp, world: World): Promise<SeededIds> {
  const token = await world.token(world.platformAdmin);
  const call = async (method: Method, url: string, payload: unknown, contentType?: string) => {
    const response = await t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      payload: payload as string,
    });
    if (response.statusCode >= 300) throw new Error(`seeding ${url}: ${response.body}`);
    return response.json();
  };
  // An endpoint whose receiver is never there: the upload below leaves it a delivery to read.
  const webhook = await call('POST', `/api/organizations/${world.a.id}/webhooks`, {
    url: 'http://127.0.0.1:9/laurel',
    events: ['upload.completed'],
  });
  const invited = await call('POST', `/api/organizations/${world.a.id}/invitations`, {
    email: 'invited-person@example.org',
    first_name: 'Ivy',
    last_name: 'Invited',
    role_id: ROLES.USER,
    // The world's contract includes one seat.
    approve_additional_seat: true,
  });
  const bookmark = await call('POST', '/api/users/bookmarks', {
    item_id: world.a.id,
    item_type: 'organizations',
  });
  const upload = multipartBody([
    {
      field: 'file',
      fileName: 'awards.csv',
      content: Buffer.from(`${UPLOAD_COLUMNS.join(',')}\r\nALPHA-1,S-1,Ann,Lee,,,2024-05-01\r\n`),
    },
  ]);
  const uploaded = await call(
    'POST',
    `/api/organizations/${world.a.id}/uploads`,
    upload.payload,
    upload.contentType,
  );
  const earningsFile = multipartBody([
    { field: 'file', fileName: 'earnings.csv', content: Buffer.from('not,an,earnings,file\r\n') },
  ]);
  const earningsImport = await call(
    'POST',
    `/api/organizations/${world.a.id}/earnings-imports`,
    earningsFile.payload,
    earningsFile.contentType,
  );
  const benchmarkFile = multipartBody([
    {
      field: 'file',
      fileName: 'benchmarks.csv',
      content: Buffer.from(
        'geography,cip,soc,metric,year,value,source\r\nUS,51.3801,,median_earnings,2023,71800,Test figures\r\n',
      ),
    },
  ]);
  const benchmark = await call(
    'POST',
    '/api/benchmarks',
    benchmarkFile.payload,
    benchmarkFile.contentType,
  );
  const apiKey = await call('POST', `/api/organizations/${world.a.id}/api-keys`, {
    name: 'Hostile input',
    scopes: ['awards:read'],
  });
  const scimToken = await call('POST', `/api/organizations/${world.a.id}/scim/tokens`, {
    name: 'Hostile input',
  });
  await t.runJobs();
  const award = await t.database.handle.db
    .selectFrom('awards')
    .select('id')
    .where('organizationId', '=', world.a.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const delivery = await t.database.handle.db
    .selectFrom('webhookDeliveries')
    .select('id')
    .where('endpointId', '=', webhook.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    award: award.id,
    organization: world.a.id,
    credential: world.credentialA,
    contract: world.contractA,
    user: invited.user.id,
    bookmark: bookmark.id,
    upload: uploaded.id,
    earningsImport: earningsImport.id,
    benchmark: benchmark.id,
    apiKey: apiKey.id,
    webhook: webhook.id,
    delivery: delivery.id,
    scimToken: scimToken.id,
  };
}

describe.each(DIALECTS)('hostile input to every route on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let ids: SeededIds;
  /** Platform admins taking turns, so that no per-user rate limit is reached. */
  let admins: BuiltUser[];

  beforeAll(async () => {
    // The seeded webhook endpoint's receiver is on this machine (it never answers).
    t = await createTestApp(dialect, { webhooks: { webhookLoopbackReceivers: true } });
    world = await createWorld(t);
    ids = await seed(t, world);
    admins = [world.platformAdmin];
    // Enough that the strictest per-user route limit is never reached by one route's variants.
    const strictest = Math.min(...Object.values(RATE_LIMITS).map((limit) => limit.points));
    for (let i = 1; i < Math.ceil(MAX_REQUESTS_PER_ROUTE / strictest); i += 1) {
      admins.push(await t.createUser(world.platform.id, { roleId: ROLES.PLATFORM_ADMIN }));
    }
    for (const admin of admins) await world.token(admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers no 5xx, refuses in the JSON error shape, and writes nothing when refusing', async ({
    annotate,
  }) => {
    const started = performance.now();
    const routes = routesOf(t.app.swagger() as unknown as OpenApiDocument);
    expect(routes.length, 'the OpenAPI document lists no routes').toBeGreaterThan(0);

    const database = await fingerprinter(t, dialect);
    expect(database.tables).toContain('users');
    const fingerprint = database.take;

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const perRoute = new Map<string, number>();
    let requests = 0;
    /** Requests that succeeded and changed rows, by route (valid variants may write). */
    const writes = new Map<string, number>();
    let before = await fingerprint();

    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      const requestsBefore = requests;
      for (const variant of VARIANTS) {
        const built = variant.build({ route, ids });
        if (built.length === 0) continue;
        perRoute.set(label, (perRoute.get(label) ?? 0) + 1);
        for (const request of built) {
          // The admins take turns request by request, spreading every route's requests evenly.
          const actors: Array<BuiltUser | null> = [admins[requests % admins.length]!];
          if (variant.anonymous) actors.push(null);
          for (const actor of actors) {
            requests += 1;
            const response = await t.app.inject({
              method: route.method,
              url: request.url,
              // Each request from its own address: per-address limits never hide a handler.
              remoteAddress: `198.18.${Math.floor(requests / 250) % 250}.${(requests % 250) + 1}`,
              headers: {
                ...request.headers,
                ...(actor && !request.headers.authorization
                  ? { authorization: `Bearer ${await world.token(actor)}` }
                  : {}),
              },
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            const status = response.statusCode;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            const after = await fingerprint();
            const changed = changedTables(before, after, 'rows');
            const what = request.target === undefined ? '' : ` (${request.target})`;
            const who = actor ? 'platform admin' : 'anonymous';
            const where = `${label} — ${variant.name}${what} — ${who}: ${status}`;
            const body = response.body.slice(0, 300);
            if (status >= 500) {
              failures.push(`${where} ${body}`);
            } else if (!actor && !route.public && status < 400) {
              failures.push(`${where}: served without a token`);
            } else if (status >= 400) {
              if (changed.length > 0) failures.push(`${where} but changed ${changed.join(', ')}`);
              if (route.path.startsWith('/api/') && !hasErrorShape(response.body))
                failures.push(`${where} without the JSON error shape: ${body}`);
            } else if (changed.length > 0) {
              writes.set(label, (writes.get(label) ?? 0) + 1);
            }
            before = after;
          }
        }
      }
      if (requests - requestsBefore > MAX_REQUESTS_PER_ROUTE)
        failures.push(
          `${label}: ${requests - requestsBefore} requests, more than MAX_REQUESTS_PER_ROUTE (raise it, so the admins stay under per-user limits)`,
        );
    }

    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      const count = perRoute.get(label) ?? 0;
      if (count < MIN_VARIANTS_PER_ROUTE)
        failures.push(`${label}: only ${count} variants (at least ${MIN_VARIANTS_PER_ROUTE})`);
    }
    // Every limited route was reached by every variant: a 429 would hide the handler.
    if (statuses.has(429)) failures.push(`${statuses.get(429)} requests were rate limited`);

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const histogram = [...statuses.entries()]
      .sort(([x], [y]) => x - y)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    const written = [...writes.entries()].map(([label, count]) => `${label}×${count}`).join(', ');
    const variantCount = [...perRoute.values()];
    await annotate(
      `fuzz on ${dialect}: ${routes.length} routes × ${Math.min(...variantCount)}–${Math.max(...variantCount)} ` +
        `variants = ${variantCount.reduce((x, y) => x + y, 0)} route variants, ${requests} requests ` +
        `in ${seconds} s\nstatuses ${histogram}\nsuccessful writes: ${written}`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);

  it('answers hostile identity requests with protocol errors, never a 5xx, adding no row when refusing', async ({
    annotate,
  }) => {
    const started = performance.now();
    const person = await t.createUser(world.a.id);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `${TARGET_PREFIX}InitiateAuth`,
      },
      payload: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { USERNAME: person.email, PASSWORD: TEST_PASSWORD },
      }),
    });
    const result = signIn.json().AuthenticationResult;
    expect(result?.AccessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const requests = identityRequests({
      email: person.email,
      accessToken: result.AccessToken,
      refreshToken: result.RefreshToken,
    });
    expect(requests.length).toBeGreaterThan(0);

    // A refusal may update or remove rows by design (a wrong password counts towards a lockout, too
    // many wrong codes void a reset code), but never adds one, except the audit trail's record of
    // a refused sign-in of a known person: exactly one "Sign-in failed" entry of that person.
    const database = await fingerprinter(t, dialect);
    const db = t.database.handle.db;
    const lastAuditId = async () =>
      Number(
        (
          await db
            .selectFrom('auditEntries')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst()
        )?.id ?? 0,
      );
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let before = await database.take();
    let auditedUpTo = await lastAuditId();
    let refusedSignInsRecorded = 0;
    for (const [index, request] of requests.entries()) {
      const response = await t.app.inject({
        method: request.method,
        url: request.url,
        remoteAddress: `198.19.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      const status = response.statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const after = await database.take();
      const where = `${request.name}: ${status}`;
      if (status >= 500) {
        failures.push(`${where} ${response.body.slice(0, 300)}`);
      } else if (status >= 400) {
        let changed = changedTables(before, after, 'added');
        if (changed.includes('audit_entries')) {
          const added = await db
            .selectFrom('auditEntries as e')
            .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
            .select(['y.code', 'e.actorUserId', 'e.summary'])
            .where('e.id', '>', auditedUpTo)
            .execute();
          if (
            added.length === 1 &&
            added[0]!.code === 'SIGN_IN_FAILED' &&
            Number(added[0]!.actorUserId) === person.id &&
            !added[0]!.summary.includes(TEST_PASSWORD)
          ) {
            refusedSignInsRecorded += 1;
            changed = changed.filter((table) => table !== 'audit_entries');
          }
        }
        if (changed.length > 0) failures.push(`${where} but added rows to ${changed.join(', ')}`);
        if (!hasIdentityErrorShape(response.body))
          failures.push(`${where} without a protocol error: ${response.body.slice(0, 300)}`);
      }
      before = after;
      auditedUpTo = await lastAuditId();
    }
    const histogram = [...statuses.entries()]
      .sort(([x], [y]) => x - y)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    await annotate(
      `identity fuzz on ${dialect}: ${requests.length} requests in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s\nstatuses ${histogram}\n` +
        `refused sign-ins recorded on the audit trail: ${refusedSignInsRecorded}`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);
});
