import type { JsonSchema } from '@studium/protocol/openapi';

/**
 * The page of `GET /api/docs`: the OpenAPI document rendered once at start as plain HTML, without
 * a script, so the strict CSP of docs/security.md holds; its one style sheet is admitted by hash.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Escaped text with `code` spans, as the summaries are written. */
const inline = (text: string): string =>
  escapeHtml(text).replace(/`([^`]+)`/g, (_m, code: string) => `<code>${code}</code>`);

const SCHEMA_REF = /&quot;#\/components\/schemas\/([A-Za-z0-9_]+)&quot;/g;

/** A schema as indented JSON whose references link to the shape they name. */
const schemaBlock = (schema: unknown): string =>
  `<pre>${escapeHtml(JSON.stringify(schema, null, 2)).replace(
    SCHEMA_REF,
    (_m, name: string) => `&quot;<a href="#schema-${name}">${name}</a>&quot;`,
  )}</pre>`;

const CREDENTIALS: Record<string, string> = {
  sessionCookie: 'session cookie',
  csrfCookie: 'CSRF cookie',
  csrfHeader: 'CSRF header',
};

function securityText(security: Array<Record<string, unknown>> | undefined): string {
  const names = Object.keys(security?.[0] ?? {});
  if (!names.length) return 'none';
  return names.map((n) => CREDENTIALS[n] ?? n).join(', ');
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2430;background:#fafbfc}
header,main{max-width:72rem;margin:0 auto;padding:1rem 1.5rem}
header{border-bottom:1px solid #d8dde4}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0}
h2{margin-top:2rem;border-bottom:1px solid #d8dde4}
ul.operations{list-style:none;padding:0}
details{border:1px solid #d8dde4;border-radius:6px;margin:.4rem 0;background:#fff}
summary{cursor:pointer;padding:.4rem .6rem}
details>div{padding:0 .8rem .6rem}
.method{display:inline-block;min-width:4.5rem;font-weight:700;font-family:ui-monospace,monospace}
.get{color:#0b6bcb}.post{color:#1a7f37}.patch{color:#9a6700}.delete{color:#cf222e}
pre{background:#f3f5f8;padding:.6rem;overflow:auto;border-radius:4px;font-size:13px}
code{font-family:ui-monospace,monospace}
table{border-collapse:collapse}td,th{border:1px solid #d8dde4;padding:.2rem .5rem;text-align:left;vertical-align:top}
`
  .trim()
  .replace(/\n/g, '');

type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; in: string; required: boolean; description?: string; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; $ref?: string }>;
};

type WebSocketEntry = {
  path: string;
  tags: string[];
  summary: string;
  client: unknown;
  server: unknown;
};

function renderOperation(method: string, path: string, op: Operation): string {
  const parts = [`<p>Credentials: ${securityText(op.security)}</p>`];
  if (op.parameters?.length) {
    const rows = op.parameters.map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td><code>${escapeHtml(JSON.stringify(p.schema))}</code>${p.description ? ` ${inline(p.description)}` : ''}</td></tr>`,
    );
    parts.push(
      '<h4>Parameters</h4>',
      `<table><thead><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    );
  }
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
    parts.push(`<h4>Request body (${escapeHtml(type)})</h4>`, schemaBlock(media.schema));
  for (const [status, response] of Object.entries(op.responses)) {
    if (response.$ref) continue;
    for (const [type, media] of Object.entries(response.content ?? {}))
      parts.push(`<h4>Answer ${escapeHtml(status)} (${escapeHtml(type)})</h4>`, schemaBlock(media.schema));
  }
  parts.push('<p>Failures (4xx, 5xx): <a href="#schema-ErrorResponse">ErrorResponse</a></p>');
  return (
    `<li><details id="${escapeHtml(op.operationId)}"><summary>` +
    `<span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> — ${inline(op.summary)}` +
    `</summary><div>${parts.join('')}</div></details></li>`
  );
}

/** The whole page, and the CSP source that admits its style sheet. */
export function renderApiDocsPage(document: JsonSchema, styleHash: (css: string) => string) {
  const info = document.info as { title: string; version: string; description: string };
  const tags = document.tags as Array<{ name: string; description: string }>;
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const sockets = document['x-websockets'] as WebSocketEntry[];
  const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
  const anchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

  const sections = tags.map((tag) => {
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags.includes(tag.name))
        .map(([method, op]) => renderOperation(method, path, op)),
    );
    return (
      `<section aria-labelledby="${anchor(tag.name)}"><h2 id="${anchor(tag.name)}">${escapeHtml(tag.name)}</h2>` +
      `<p>${inline(tag.description)}</p><ul class="operations">${operations.join('')}</ul></section>`
    );
  });
  const socketItems = sockets.map(
    (s) =>
      `<li><details id="ws-${escapeHtml(s.path.replace(/[^a-z]+/g, '-'))}"><summary><span class="method">WS</span> ` +
      `<code>${escapeHtml(s.path)}</code> — ${inline(s.summary)}</summary><div>` +
      `<p>Credentials: session cookie</p>` +
      (s.client ? `<h4>Client frames</h4>${schemaBlock(s.client)}` : '<p>Clients send nothing.</p>') +
      `<h4>Server frames</h4>${schemaBlock(s.server)}</div></details></li>`,
  );
  const schemaItems = Object.entries(schemas).map(
    ([name, schema]) =>
      `<section><h3 id="schema-${escapeHtml(name)}"><code>${escapeHtml(name)}</code></h3>${schemaBlock(schema)}</section>`,
  );
  const description = info.description
    .split('\n\n')
    .map((p) => `<p>${inline(p).replace(/\n- /g, '<br>• ')}</p>`)
    .join('');

  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // The app's icon (web/public/icons), so the browser does not ask for a /favicon.ico.
    '<link rel="icon" type="image/png" href="/icons/icon-192.png">',
    `<title>${escapeHtml(info.title)}</title><style>${STYLE}</style></head><body>`,
    `<header><h1>${escapeHtml(info.title)}</h1><p>Version ${escapeHtml(info.version)} · `,
    '<a href="/api/openapi.json">OpenAPI 3.1 document</a></p>',
    description,
    `<nav aria-label="Features"><ul>${tags.map((t) => `<li><a href="#${anchor(t.name)}">${escapeHtml(t.name)}</a></li>`).join('')}`,
    '<li><a href="#websockets">Live connections</a></li><li><a href="#schemas">Schemas</a></li></ul></nav></header>',
    `<main>${sections.join('')}`,
    `<section aria-labelledby="websockets"><h2 id="websockets">Live connections</h2><ul class="operations">${socketItems.join('')}</ul></section>`,
    `<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${schemaItems.join('')}</section>`,
    '</main></body></html>',
  ].join('');
  return { html, styleSource: styleHash(STYLE) };
}
