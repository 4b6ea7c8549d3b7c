import { z } from 'zod';
import { API_ERROR, API_ROUTES, API_SOCKETS, type ApiRoute } from './api';
import { chatMessage } from './chat';
import { conversation } from './dms';
import { notification, unreadState } from './notifications';
import { ownProfile, publicProfile } from './profile';
import { roomDetail, roomFields, roomListItem, roomMember } from './rooms';

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  additionalProperties?: Json | boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
};

/** The features of the route table, in the order the documents show them, with their titles. */
export const FEATURES: Record<string, string> = {
  auth: 'Accounts and session',
  sessions: 'Signed-in sessions',
  export: 'Export of your data',
  blocks: 'Blocking and muting',
  moderation: 'Reports and moderation',
  rooms: 'Rooms',
  chat: 'Chat',
  search: 'Search',
  attachments: 'Attachments',
  users: 'Users',
  rankings: 'Rankings',
  profile: 'Profiles',
  presence: 'Typing and presence',
  dms: 'Direct and group conversations',
  notifications: 'Notifications',
  unread: 'Read state and notification levels',
  matchmaking: 'Tutoring matchmaking',
  assistants: 'Assistants',
  docs: 'API description',
};

const toJson = (schema: z.ZodType): Json => {
  // Requests are documented as the client sends them (before trimming and other transforms).
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json & {
    $schema?: string;
  };
  return json;
};

/** Shapes used in several places, shown once under their type's name. */
const NAMED: Record<string, z.ZodType> = {
  RoomListItem: roomListItem,
  RoomFields: roomFields,
  RoomMember: roomMember,
  RoomDetail: roomDetail,
  ChatMessage: chatMessage,
  Conversation: conversation,
  OwnProfile: ownProfile,
  PublicProfile: publicProfile,
  Notification: notification,
  UnreadState: unreadState,
};
const namesByJson = new Map(
  Object.entries(NAMED).map(([name, schema]) => [JSON.stringify(toJson(schema)), name]),
);

function bounds(rawMin: number | undefined, rawMax: number | undefined): string {
  // Ids and counters are bounded by the safe integers only: not worth printing.
  const min = rawMin === -Number.MAX_SAFE_INTEGER ? undefined : rawMin;
  const max = rawMax === Number.MAX_SAFE_INTEGER ? undefined : rawMax;
  if (min === undefined && max === undefined) return '';
  if (min !== undefined && max !== undefined) return min === max ? ` (${min})` : ` (${min}–${max})`;
  return min !== undefined ? ` (≥ ${min})` : ` (≤ ${max})`;
}

/** A compact, TypeScript-like rendering of a JSON schema: `{name: string (1–120), ok?: boolean}`. */
export function renderSchema(s: Json, top = false): string {
  const name = top ? undefined : namesByJson.get(JSON.stringify(s));
  if (name) return name;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return [...new Set(alternatives.map((a) => renderSchema(a)))].join(' \\| ');
  if (s.allOf) return s.allOf.map((a) => renderSchema(a)).join(' & ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (Array.isArray(s.type)) return s.type.map((type) => renderSchema({ ...s, type })).join(' \\| ');
  switch (s.type) {
    case 'object': {
      if (s.properties) {
        const required = new Set(s.required ?? []);
        const fields = Object.entries(s.properties).map(
          ([k, v]) => `${k}${required.has(k) ? '' : '?'}: ${renderSchema(v)}`,
        );
        return `{${fields.join(', ')}}`;
      }
      const values =
        typeof s.additionalProperties === 'object' ? renderSchema(s.additionalProperties) : 'unknown';
      return `{[key: string]: ${values}}`;
    }
    case 'array': {
      const item = renderSchema(s.items ?? {});
      return `${item.includes(' \\| ') ? `(${item})` : item}[]${bounds(s.minItems, s.maxItems)}`;
    }
    case 'string':
      return `string${bounds(s.minLength, s.maxLength)}`;
    case 'integer':
    case 'number':
      return `${s.type === 'integer' ? 'integer' : 'number'}${bounds(s.minimum, s.maximum)}`;
    case 'boolean':
    case 'null':
      return s.type;
    default:
      return 'any';
  }
}

const cell = (schema: z.ZodType | null | undefined): string =>
  schema ? `\`${renderSchema(toJson(schema))}\`` : '';

function answer(route: ApiRoute): string {
  const status = route.status && route.status !== 200 ? `${route.status} ` : '';
  return route.response ? `${status}${cell(route.response)}` : `${status}${route.contentType ?? 'not JSON'}`;
}

/** docs/api.md: every endpoint and socket of protocol/src/api.ts, one section per feature. */
export function renderApiDoc(): string {
  const lines = [
    '# API',
    '',
    '<!-- Generated from protocol/src/api.ts by protocol/src/api-doc.ts; do not edit by hand. -->',
    '<!-- Regenerate: UPDATE_API_DOC=1 npx vitest run protocol/src/api-doc.test.ts -->',
    '',
    'JSON over HTTP; the session is a cookie, and every state-changing call sends `X-CSRFToken`',
    "(the `csrftoken` cookie). `{room}` is a room's numeric id or its unique `path`. Fields are",
    'shown as the client sends them; `(a–b)` bounds a length or a value, `?` marks an optional field.',
    'Message texts are at most 1000 characters once normalized, and at least 1, but for a message',
    'sent with attachments, whose text may be empty; an edit always keeps at least 1 (docs/chat.md).',
    'The bound shown on a text field is the raw one, before normalizing.',
    'Shapes used in several places are named and listed under "Shared shapes".',
    'The same table is served as an OpenAPI 3.1 document at `GET /api/openapi.json` and as a page',
    'at `GET /api/docs` (protocol/src/openapi.ts; docs/operations.md, "API description").',
    'Paths end in a slash, but for the matchmaking calls, which keep the shape they were published',
    'with (`/api/intent/{role}`, `POST /api/party/{id}/delete`); every path answers with or without',
    'its final slash.',
    '',
    `Errors: ${cell(API_ERROR)} with 400 (invalid input), 401 (not logged in), 403 (forbidden, CSRF or`,
    'Origin), 404, 409 (conflicts with the current state: a second open report, an edit that lost a',
    'race, a deleted message, an intent or party already open), 410 (an expired export), 413 (body or',
    'file too large), 415 (unsupported content type), 429 (rate limited, with `Retry-After`), 500, or',
    '503 (the database is unreachable, with `Retry-After`; or the server is stopping).',
  ];
  for (const [feature, title] of Object.entries(FEATURES)) {
    lines.push(
      '',
      `## ${title} — \`protocol/src/${feature}.ts\``,
      '',
      '| call | query / body | answer |',
      '|---|---|---|',
    );
    for (const route of API_ROUTES.filter((r) => r.feature === feature)) {
      const input = [route.query && `query ${cell(route.query)}`, route.body && cell(route.body)]
        .filter(Boolean)
        .join('<br>');
      lines.push(`| \`${route.method} ${route.path}\` ${route.summary} | ${input} | ${answer(route)} |`);
    }
  }
  lines.push('', '## Shared shapes', '', '| type | fields |', '|---|---|');
  for (const [name, schema] of Object.entries(NAMED))
    lines.push(`| \`${name}\` | \`${renderSchema(toJson(schema), true)}\` |`);
  lines.push('', '## Live connections — `protocol/src/ws.ts`, `protocol/src/notifications.ts`');
  for (const socket of API_SOCKETS) {
    lines.push('', `### \`${socket.path}\``, '', socket.summary, '', '| direction | frame |', '|---|---|');
    const frames = (schema: z.ZodType) => {
      const json = toJson(schema);
      return (json.anyOf ?? json.oneOf ?? [json]).flatMap((f) => f.anyOf ?? f.oneOf ?? [f]);
    };
    if (socket.client)
      for (const f of frames(socket.client)) lines.push(`| client → server | \`${renderSchema(f)}\` |`);
    for (const f of frames(socket.server)) lines.push(`| server → client | \`${renderSchema(f)}\` |`);
  }
  return `${lines.join('\n')}\n`;
}
