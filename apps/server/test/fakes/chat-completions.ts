/**
 * A local stand-in for a server that speaks OpenAI's chat-completions protocol (OpenAI itself,
 * and Ollama, llama.cpp's llama-server, vLLM and LM Studio, which copy it), so the real `openai`
 * client is tested against it. Muse's text engine points the client's `baseURL` at `url`.
 *
 * Unscripted, it answers as a well-behaved model would: for a structured-output request
 * (`response_format` of type `json_schema`) a JSON instance made by walking the schema, so it
 * validates against it, its strings made of the words of the last user message so a test can see
 * the request reached the answer; for `json_object` a small JSON object; otherwise a short
 * sentence. Tests script what goes wrong in practice: a reply cut off by the token limit, a slow
 * server, an HTTP error in OpenAI's error format, a refusal.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A JSON Schema, as a `response_format` carries it; keywords are read as they come. */
export type TJsonSchema = { [keyword: string]: unknown };

export type TFakeChatMessage = { role?: string; content?: unknown; [field: string]: unknown };

/**
 * A request's JSON body as the client sent it. Nothing is checked beyond `model` and
 * `messages`, so the other fields are only what a well-behaved client sends.
 */
export type TFakeChatRequestBody = {
  model?: string;
  messages?: TFakeChatMessage[];
  response_format?: {
    type?: string;
    json_schema?: { name?: string; strict?: boolean; schema?: TJsonSchema };
  };
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  stream?: boolean;
  [field: string]: unknown;
};

export type TFakeChatRequest = {
  headers: IncomingMessage['headers'];
  body: TFakeChatRequestBody;
};

/** How the fake answers one request. */
export type TFakeChatAnswer =
  /** Exactly this assistant message content. */
  | { content: string }
  /** What the request would have got, cut off part way, as by the token limit: not valid JSON. */
  | { malformed: true }
  /** Waits this long, then answers `then` (the default answer without it). */
  | { delayMs: number; then?: TFakeChatAnswer }
  /**
   * An HTTP error in OpenAI's error format. `retryAfterMs` sends OpenAI's `retry-after-ms`,
   * which the client waits instead of its own backoff (half a second and more).
   */
  | { status: number; message?: string; retryAfterMs?: number }
  /** A refusal: content null and `refusal` set, as OpenAI refuses a structured output. */
  | { refusal: string };

export type TFakeChatCompletions = {
  /** The base URL with `/v1`, for the client's `baseURL`. */
  url: string;
  /** The key it requires as `Authorization: Bearer …`; empty: any key or none is accepted. */
  apiKey: string;
  /** The one model `GET /v1/models` lists (requests may name any model). */
  model: string;
  /**
   * Every `POST /v1/chat/completions` whose body was a JSON object, oldest first, including
   * those then refused (a wrong key, a missing field, `stream`).
   */
  requests: TFakeChatRequest[];
  /**
   * The answers the next requests get, one each, in order; once they are used up, the default
   * answer. Replaces what was left of an earlier script, so answers one test did not use do
   * not reach the next; `script()` clears it. Only requests that get an answer take one (not
   * those refused for their key or their body).
   */
  script: (...answers: TFakeChatAnswer[]) => void;
  /** The content of the default answer from now on; without a function, the schema walk again. */
  respond: (answer?: (body: TFakeChatRequestBody) => string) => void;
  close: () => Promise<void>;
};

/** OpenAI's error body: the same shape for every status. */
type TErrorBody = {
  error: { message: string; type: string; param: string | null; code: string | null };
};

/** Items in an array whose schema leaves the count open. */
const DEFAULT_ITEMS = 3;
/** Words in a string whose schema leaves the length open. */
const DEFAULT_WORDS = 6;
/** Beyond this many `$ref`s deep (a recursive schema), arrays are as short and values as null as allowed. */
const REF_DEPTH = 3;
/** Beyond this nesting the walk gives up on a value (null), whatever the schema says. */
const MAX_DEPTH = 40;
/** Words for strings when the request has no user message with words in it. */
const FALLBACK_WORDS = ['bright', 'morning', 'light', 'over', 'the', 'quiet', 'city', 'today'];

/** What a status means in OpenAI's error format, and the message OpenAI gives with it. */
const ERRORS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Bad request.' },
  401: {
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message: 'Incorrect API key provided',
  },
  403: {
    type: 'invalid_request_error',
    code: 'unsupported_country_region_territory',
    message: 'Country, region, or territory not supported',
  },
  404: {
    type: 'invalid_request_error',
    code: 'model_not_found',
    message: 'The model does not exist or you do not have access to it.',
  },
  429: {
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached for requests. Please try again in 1s.',
  },
  500: {
    type: 'server_error',
    code: null,
    message: 'The server had an error while processing your request. Sorry about that!',
  },
  503: {
    type: 'server_error',
    code: null,
    message: 'The engine is currently overloaded, please try again later.',
  },
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Letters and digits in OpenAI's style of ids (`chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT`). */
function randomId(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** The text of a message: a string, or the text parts of a list of parts (images have none). */
function textOf(message: TFakeChatMessage | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
    .join(' ');
}

/**
 * The words of the last user message, each once, in order. Only letters and digits, and none
 * outside the Basic Multilingual Plane, so a string's length is the same counted in UTF-16 (as
 * zod counts) or in code points (as JSON Schema does).
 */
function userWords(body: TFakeChatRequestBody): string[] {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const last = [...messages].reverse().find((message) => message?.role === 'user');
  const words = textOf(last).match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.filter((word) => word.length === [...word].length))];
  return unique.length ? unique : FALLBACK_WORDS;
}

/**
 * Roughly the tokens a tokenizer would count: words, and punctuation marks on their own. An
 * approximation, but an honest one: more text, more tokens.
 */
function tokens(text: string): number {
  return (text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu) ?? []).length;
}

/** Where the walk is: how deep, through how many `$ref`s, and which array item it is in. */
type TAt = { depth: number; refs: number; index: number };

/** What the whole walk shares: the schema `$ref`s point into, and the words strings are made of. */
type TWalk = { root: TJsonSchema; words: string[]; cursor: number };

function nextWord(walk: TWalk): string {
  const word = walk.words[walk.cursor % walk.words.length]!;
  walk.cursor += 1;
  return word;
}

/** The schema a local `$ref` (`#`, `#/definitions/X`, `#/$defs/X`, any JSON pointer) points to. */
function resolveRef(root: TJsonSchema, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  // A JSON pointer in a URI fragment: percent-decoded first, then split, then ~1 and ~0 undone
  // (openai's zod helper escapes definition names this way).
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const token of pointer.slice(1).split('/')) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
  }
  return node;
}

/** `allOf`'s schemas as one: their keywords together, their properties and `required` joined. */
function mergeAllOf(schema: TJsonSchema, walk: TWalk): TJsonSchema {
  const { allOf, ...rest } = schema;
  let merged: TJsonSchema = rest;
  for (const part of Array.isArray(allOf) ? allOf : []) {
    let one: unknown = part;
    if (isObject(one) && typeof one.$ref === 'string') one = resolveRef(walk.root, one.$ref);
    if (!isObject(one)) continue;
    const expanded = 'allOf' in one ? mergeAllOf(one, walk) : one;
    merged = {
      ...merged,
      ...expanded,
      properties: { ...(merged.properties as object), ...(expanded.properties as object) },
      required: [
        ...(Array.isArray(merged.required) ? merged.required : []),
        ...(Array.isArray(expanded.required) ? expanded.required : []),
      ],
    };
  }
  return merged;
}

/** The type to make for a schema without `type`, from the keywords it has. */
function impliedType(schema: TJsonSchema): string {
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema)
    return 'object';
  if ('items' in schema || 'prefixItems' in schema || 'minItems' in schema) return 'array';
  if (
    ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some(
      (k) => k in schema,
    )
  )
    return 'number';
  // Strings, and `{}` (any value), which a phrase satisfies as well as anything.
  return 'string';
}

/** Words from the walk, as many as asked for and at least `min` characters, at most `max`. */
function phrase(walk: TWalk, min: number, max: number, words = DEFAULT_WORDS): string {
  let text = '';
  for (let count = 0; count < words || text.length < min; count++) {
    text = text ? `${text} ${nextWord(walk)}` : nextWord(walk);
    if (text.length > max) break;
  }
  if (text.length <= max) return text;
  // Too long: cut at a space if the words left are long enough, or else mid-word.
  const space = text.lastIndexOf(' ', max);
  if (space >= Math.max(min, 1)) return text.slice(0, space);
  const cut = text.slice(0, max);
  return cut.endsWith(' ') ? `${cut.slice(0, -1)}s` : cut;
}

/** Strings of the `format`s JSON Schema names (zod's `z.email()`, `z.uuid()`, `z.iso.*`…). */
function formatted(format: string, walk: TWalk): string | undefined {
  const word = () =>
    nextWord(walk)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '') || 'muse';
  const now = new Date();
  switch (format) {
    case 'email':
    case 'idn-email':
      return `${word()}@example.com`;
    case 'uuid':
      return randomUUID();
    case 'date-time':
      return now.toISOString();
    case 'date':
      return now.toISOString().slice(0, 10);
    case 'time':
      return now.toISOString().slice(11, 19);
    case 'duration':
      return 'PT1M';
    case 'uri':
    case 'url':
    case 'iri':
    case 'uri-reference':
      return `https://example.com/${word()}`;
    case 'hostname':
    case 'idn-hostname':
      return 'example.com';
    case 'ipv4':
      return '192.0.2.1';
    case 'ipv6':
      return '2001:db8::1';
    default:
      return undefined;
  }
}

function stringFor(schema: TJsonSchema, walk: TWalk): string {
  if (typeof schema.format === 'string') {
    const value = formatted(schema.format, walk);
    if (value !== undefined) return value;
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const text = phrase(walk, min, max);
  if (typeof schema.pattern !== 'string') return text;
  // Patterns are rare in structured outputs: try the words, then letters only (lower case, as
  // written, upper case) and digits, each at its own length and cut or repeated to short ones
  // (`^[A-Z]{3}$`), and keep the first the pattern accepts; else lower-case letters.
  const letters = text.replace(/[^\p{L}]/gu, '') || 'muse';
  const sized = (value: string, n: number) => value.repeat(Math.ceil(n / value.length)).slice(0, n);
  const fits = (n: number) => n >= min && n <= max;
  const short = Array.from({ length: 16 }, (_, n) => n + 1).filter(fits);
  const shapes = [letters.toLowerCase(), letters, letters.toUpperCase(), '1'];
  const candidates = [
    text,
    ...shapes.flatMap((shape) => [
      ...(fits(shape.length) ? [shape] : []),
      ...short.map((n) => sized(shape, n)),
    ]),
  ];
  const fallback = sized(shapes[0]!, Math.min(Math.max(min, shapes[0]!.length), max));
  try {
    const pattern = new RegExp(schema.pattern, 'u');
    return candidates.find((candidate) => pattern.test(candidate)) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * A number within `minimum`/`maximum` and the exclusive bounds (numbers in draft 6 and later,
 * flags in draft 4), a multiple of `multipleOf`, an integer for `integer`: `preferred` when it
 * fits, else the bounds themselves, their middle or next to them.
 */
function numberFor(schema: TJsonSchema, integer: boolean, preferred: number): number {
  const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
  let low = num(schema.minimum) ?? -Infinity;
  let high = num(schema.maximum) ?? Infinity;
  let lowOpen = schema.exclusiveMinimum === true;
  let highOpen = schema.exclusiveMaximum === true;
  const exclusiveLow = num(schema.exclusiveMinimum);
  if (exclusiveLow !== undefined && exclusiveLow >= low) [low, lowOpen] = [exclusiveLow, true];
  const exclusiveHigh = num(schema.exclusiveMaximum);
  if (exclusiveHigh !== undefined && exclusiveHigh <= high)
    [high, highOpen] = [exclusiveHigh, true];
  const multiple = num(schema.multipleOf);
  const step = multiple && multiple > 0 ? multiple : integer ? 1 : 0;
  const fits = (value: number) =>
    Number.isFinite(value) &&
    (lowOpen ? value > low : value >= low) &&
    (highOpen ? value < high : value <= high);
  const near = [preferred, low, high, (low + high) / 2, low + 1, high - 1, 0];
  const candidates = step
    ? near.flatMap((value) => {
        const k = Math.floor(value / step);
        return [k, k + 1, k - 1].map((n) => Number((n * step).toFixed(10)));
      })
    : near;
  return candidates.find(fits) ?? preferred;
}

function arrayFor(schema: TJsonSchema, walk: TWalk, at: TAt): unknown[] {
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  // In a recursive schema, the shortest list ends the recursion.
  const count = at.refs > REF_DEPTH ? min : Math.min(Math.max(DEFAULT_ITEMS, min), max);
  const inner = (index: number): TAt => ({ ...at, depth: at.depth + 1, index });
  // Tuples: `prefixItems` (2020-12) or a list of `items` (draft 7), then the rest.
  const tuple = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : null;
  if (tuple) {
    const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    const values = tuple.map((item, index) => valueFor(item, walk, inner(index)));
    for (let index = values.length; index < min; index++)
      values.push(valueFor(rest ?? {}, walk, inner(index)));
    return values;
  }
  return Array.from({ length: count }, (_, index) =>
    valueFor(schema.items ?? {}, walk, inner(index)),
  );
}

function objectFor(schema: TJsonSchema, walk: TWalk, at: TAt): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(
    (Array.isArray(schema.required) ? schema.required : []).filter(
      (name): name is string => typeof name === 'string',
    ),
  );
  const value: Record<string, unknown> = {};
  const inner = { ...at, depth: at.depth + 1 };
  for (const [name, property] of Object.entries(properties)) {
    // Every property (OpenAI's strict mode requires them all), but in a recursive schema only
    // the required ones, so it ends.
    if (at.refs > REF_DEPTH && !required.has(name)) continue;
    value[name] = valueFor(property, walk, inner);
  }
  for (const name of required) if (!(name in value)) value[name] = phrase(walk, 0, Infinity, 2);
  return value;
}

/** A value that validates against `schema`, as far as the keywords structured outputs use go. */
function valueFor(schemaOrBoolean: unknown, walk: TWalk, at: TAt): unknown {
  if (at.depth > MAX_DEPTH) return null;
  // `true` and `{}` take anything; `false` nothing, so any value is as wrong as another.
  if (!isObject(schemaOrBoolean)) return phrase(walk, 0, Infinity, 2);
  let schema: TJsonSchema = schemaOrBoolean;
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(walk.root, schema.$ref);
    return valueFor(target ?? {}, walk, { ...at, depth: at.depth + 1, refs: at.refs + 1 });
  }
  if (Array.isArray(schema.allOf)) schema = mergeAllOf(schema, walk);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) {
    // Items of a list take the values in turn, as a model would vary them.
    return schema.enum[at.index % schema.enum.length];
  }
  const options = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : null;
  if (options?.length) {
    // The first option, but null where one is allowed once a recursive schema is deep.
    const isNull = (option: unknown) => isObject(option) && option.type === 'null';
    const chosen = (at.refs > REF_DEPTH && options.find(isNull)) || options[0];
    return valueFor(chosen, walk, { ...at, depth: at.depth + 1 });
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? impliedType(schema)];
  // Nullable (`['string', 'null']`): the value, not null, unless a recursive schema is deep.
  const type =
    at.refs > REF_DEPTH && types.includes('null')
      ? 'null'
      : (types.find((one) => one !== 'null') ?? types[0]);
  switch (type) {
    case 'object':
      return objectFor(schema, walk, at);
    case 'array':
      return arrayFor(schema, walk, at);
    case 'integer':
      return numberFor(schema, true, at.index + 1);
    case 'number':
      return numberFor(schema, false, at.index + 1);
    case 'boolean':
      return at.index % 2 === 0;
    case 'null':
      return null;
    default:
      return stringFor(schema, walk);
  }
}

/**
 * A JSON value that validates against `schema`, made by walking it: every property of an
 * object, enum values and consts, strings of `text`'s words within their lengths, numbers
 * within their bounds, three items in a list unless it must have fewer or more, the first
 * option of `anyOf`/`oneOf`, `$ref`s followed (recursive ones until they can end).
 */
export function schemaInstance(schema: TJsonSchema, text = ''): unknown {
  const words = userWords({ messages: [{ role: 'user', content: text }] });
  return valueFor(schema, { root: schema, words, cursor: 0 }, { depth: 0, refs: 0, index: 0 });
}

/** The content a well-behaved model answers the request with. */
function defaultContent(body: TFakeChatRequestBody): string {
  const words = userWords(body);
  const sentence = `Here is a short answer about ${words.slice(0, DEFAULT_WORDS).join(' ')}.`;
  const format = body.response_format;
  if (format?.type === 'json_schema' && isObject(format.json_schema?.schema)) {
    const schema = format.json_schema.schema;
    const walk = { root: schema, words, cursor: 0 };
    return JSON.stringify(valueFor(schema, walk, { depth: 0, refs: 0, index: 0 }));
  }
  if (format?.type === 'json_schema' || format?.type === 'json_object')
    return JSON.stringify({ answer: sentence });
  return sentence;
}

/** `content` cut off part way, as a model stopped by its token limit leaves it: never JSON. */
function cutOff(content: string): string {
  const json = /^\s*[[{]/.test(content) ? content : JSON.stringify({ answer: content });
  const cut = json.slice(0, Math.max(1, Math.floor(json.length * 0.6)));
  try {
    JSON.parse(cut);
  } catch {
    return cut;
  }
  return '{"answer": "cut off in the mid';
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown, headers = {}) {
  // The client may have hung up while the answer was being made.
  if (response.destroyed) return;
  response.writeHead(status, {
    'content-type': 'application/json',
    // OpenAI's request id, which the client keeps on its errors as `requestID`.
    'x-request-id': `req_${randomBytes(16).toString('hex')}`,
    ...headers,
  });
  response.end(JSON.stringify(body));
}

function sendError(
  response: ServerResponse,
  status: number,
  options: { message?: string; param?: string | null; code?: string | null; headers?: object } = {},
) {
  const known = ERRORS[status] ?? ERRORS[status >= 500 ? 500 : 400]!;
  const body: TErrorBody = {
    error: {
      message: options.message ?? known.message,
      type: known.type,
      param: options.param ?? null,
      code: options.code === undefined ? known.code : options.code,
    },
  };
  send(response, status, body, options.headers);
}

/** Resolves true after `ms`, or false as soon as the client hangs up, which ends the wait. */
function waitForClient(response: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (response.destroyed) return resolve(false);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    // 'close' before the response is sent means the connection went: the client gave up.
    const timer = setTimeout(() => {
      response.off('close', onClose);
      resolve(true);
    }, ms);
    response.once('close', onClose);
  });
}

export async function startFakeChatCompletions(
  options: { apiKey?: string; model?: string } = {},
): Promise<TFakeChatCompletions> {
  const apiKey = options.apiKey ?? 'fake-text-key';
  const model = options.model ?? 'fake-model';
  const requests: TFakeChatRequest[] = [];
  let queue: TFakeChatAnswer[] = [];
  let respondWith: ((body: TFakeChatRequestBody) => string) | null = null;
  const created = Math.floor(Date.now() / 1000);
  const modelEntry = (id: string) => ({ id, object: 'model', created, owned_by: 'muse-fake' });

  function complete(
    response: ServerResponse,
    body: TFakeChatRequestBody,
    message: { content: string | null; refusal: string | null },
    finishReason: 'stop' | 'length',
  ) {
    const prompt = (body.messages ?? []).reduce(
      // About three tokens a message for its role and the markers around it, as OpenAI counts.
      (sum, one) => sum + 3 + tokens(textOf(one)),
      3,
    );
    const completion = tokens(message.content ?? message.refusal ?? '');
    send(response, 200, {
      id: `chatcmpl-${randomId(29)}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', ...message },
          logprobs: null,
          finish_reason: finishReason,
        },
      ],
      usage: {
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
      },
    });
  }

  async function answer(
    response: ServerResponse,
    body: TFakeChatRequestBody,
    planned: TFakeChatAnswer | undefined,
  ): Promise<void> {
    const content = () => (respondWith ? respondWith(body) : defaultContent(body));
    if (!planned) return complete(response, body, { content: content(), refusal: null }, 'stop');
    if ('delayMs' in planned) {
      if (!(await waitForClient(response, planned.delayMs))) return;
      return answer(response, body, planned.then);
    }
    if ('status' in planned) {
      const headers =
        planned.retryAfterMs === undefined
          ? {}
          : { 'retry-after-ms': String(planned.retryAfterMs) };
      return sendError(response, planned.status, { message: planned.message, headers });
    }
    if ('refusal' in planned)
      return complete(response, body, { content: null, refusal: planned.refusal }, 'stop');
    if ('malformed' in planned)
      return complete(response, body, { content: cutOff(content()), refusal: null }, 'length');
    return complete(response, body, { content: planned.content, refusal: null }, 'stop');
  }

  async function chat(response: ServerResponse, body: unknown) {
    if (!isObject(body)) {
      return sendError(response, 400, {
        message:
          "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload.)",
        code: null,
      });
    }
    const request = body as TFakeChatRequestBody;
    if (typeof request.model !== 'string' || !request.model)
      return sendError(response, 400, {
        message: 'you must provide a model parameter',
        code: null,
      });
    if (!Array.isArray(request.messages))
      return sendError(response, 400, {
        message: "Missing required parameter: 'messages'.",
        param: 'messages',
        code: 'missing_required_parameter',
      });
    if (!request.messages.length)
      return sendError(response, 400, {
        message: "Invalid 'messages': empty array. Expected an array with minimum length 1.",
        param: 'messages',
        code: 'empty_array',
      });
    // Muse reads whole answers; a streamed one would need server-sent events.
    if (request.stream === true)
      return sendError(response, 400, {
        message: 'stream is not supported by this fake',
        param: 'stream',
        code: null,
      });
    return answer(response, request, queue.shift());
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const { pathname } = new URL(request.url ?? '/', 'http://fake');
    const path = pathname.replace(/\/+$/, '');
    const raw = await readBody(request);
    const isChat = request.method === 'POST' && path === '/v1/chat/completions';
    let body: unknown;
    if (isChat) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = undefined;
      }
      if (isObject(body)) requests.push({ headers: request.headers, body });
    }
    // The key before anything else, as OpenAI checks it.
    if (apiKey && request.headers.authorization !== `Bearer ${apiKey}`)
      return sendError(response, 401);
    if (isChat) return chat(response, body);
    if (request.method === 'GET' && path === '/v1/models')
      return send(response, 200, { object: 'list', data: [modelEntry(model)] });
    const asked = /^\/v1\/models\/(.+)$/.exec(path)?.[1];
    if (request.method === 'GET' && asked) {
      const id = decodeURIComponent(asked);
      if (id === model) return send(response, 200, modelEntry(model));
      return sendError(response, 404, {
        message: `The model '${id}' does not exist`,
        param: 'model',
      });
    }
    return sendError(response, 404, {
      message: `Invalid URL (${request.method} ${pathname})`,
      code: null,
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      sendError(response, 500, { message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${base}/v1`,
    apiKey,
    model,
    requests,
    script: (...answers) => {
      queue = [...answers];
    },
    respond: (fn) => {
      respondWith = fn ?? null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Ends waits for delayed answers too: their connections close.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
