import type { JsonSchema } from './json-schema';

/** The API reference page: a static HTML rendering of the OpenAPI document, nothing loaded from elsewhere. */

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The little markdown the descriptions use: `code`, **bold**, `## headings`, paragraphs. */
const markdown = (text: string): string =>
  text
    .split(/\n\n+/)
    .map((block) => {
      const inline = escapeHtml(block)
        .replace(/`([^`]+)`/g, '<code>$1</code>')
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
      const heading = /^## (.*)$/m.exec(inline);
      if (heading === null) return `<p>${inline}</p>`;
      const rest = inline.replace(/^## .*\n?/m, '');
      return `<h3>${heading[1]}</h3>${rest.length > 0 ? `<p>${rest}</p>` : ''}`;
    })
    .join('\n');

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const anchor = (name: string): string => `schema-${name}`;

/** A one-line description of a schema's type, with links to components. */
const typeOf = (schema: Record<string, unknown>): string => {
  const ref = text(schema.$ref);
  if (ref.length > 0) {
    const name = ref.split('/').pop() ?? ref;
    return `<a href="#${anchor(name)}">${escapeHtml(name)}</a>`;
  }
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum))
    return schema.enum.map((v) => `<code>${escapeHtml(String(v))}</code>`).join(' | ');
  const alternatives = list(schema.oneOf ?? schema.anyOf);
  if (alternatives.length > 0) return alternatives.map((s) => typeOf(record(s))).join(' | ');
  if (schema.type === 'array') return `array of ${typeOf(record(schema.items))}`;
  const facets = [
    text(schema.format),
    typeof schema.minimum === 'number' || typeof schema.maximum === 'number'
      ? `${schema.minimum ?? ''}..${schema.maximum ?? ''}`
      : '',
    typeof schema.minLength === 'number' || typeof schema.maxLength === 'number'
      ? `length ${schema.minLength ?? 0}..${schema.maxLength ?? '∞'}`
      : '',
    text(schema.pattern).length > 0 ? `pattern <code>${escapeHtml(text(schema.pattern))}</code>` : '',
  ].filter((f) => f.length > 0);
  const base = schema.type === undefined ? 'any' : escapeHtml(String(schema.type));
  return facets.length > 0 ? `${base} (${facets.join(', ')})` : base;
};

/** The rows of an object schema's properties; inline objects nest. */
const propertiesTable = (schema: Record<string, unknown>): string => {
  const properties = record(schema.properties);
  const required = new Set(list(schema.required).map(String));
  const rows = Object.entries(properties).map(([name, value]) => {
    const property = record(value);
    const nested =
      property.type === 'object' && property.properties !== undefined ? propertiesTable(property) : '';
    return `<tr><td><code>${escapeHtml(name)}</code></td><td>${typeOf(property)}${nested}</td><td>${
      required.has(name) ? 'R' : 'O'
    }</td><td>${markdown(text(property.description))}</td></tr>`;
  });
  if (rows.length === 0) return '';
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Req</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
};

const schemaBlock = (schema: Record<string, unknown>): string =>
  schema.type === 'object' && schema.properties !== undefined
    ? propertiesTable(schema)
    : `<p>${typeOf(schema)}</p>`;

const parametersTable = (parameters: unknown[], components: Record<string, unknown>): string => {
  const rows = parameters.map((value) => {
    const p = record(value);
    const resolved = text(p.$ref).length > 0 ? record(components[text(p.$ref).split('/').pop() ?? '']) : p;
    return `<tr><td><code>${escapeHtml(text(resolved.name))}</code></td><td>${escapeHtml(text(resolved.in))}</td><td>${typeOf(
      record(resolved.schema),
    )}</td><td>${resolved.required === true ? 'R' : 'O'}</td><td>${markdown(text(resolved.description))}</td></tr>`;
  });
  return rows.length === 0
    ? ''
    : `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Req</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
};

const responsesList = (responses: Record<string, unknown>): string => {
  const rows = Object.entries(responses).map(([status, value]) => {
    const response = record(value);
    const contents = Object.entries(record(response.content)).map(
      ([type, media]) => `<code>${escapeHtml(type)}</code> ${typeOf(record(record(media).schema))}`,
    );
    const cls = status.startsWith('2') ? 'ok' : 'err';
    return `<tr><td class="${cls}">${escapeHtml(status)}</td><td>${contents.join('<br>')}</td><td>${markdown(
      text(response.description),
    )}</td></tr>`;
  });
  return `<h4>Responses</h4><table><thead><tr><th>Status</th><th>Body</th><th>Meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
};

const operationSection = (
  method: string,
  path: string,
  op: Record<string, unknown>,
  parameters: Record<string, unknown>,
) => {
  const body = record(op.requestBody);
  const bodySchema = record(record(record(body.content)['application/json']).schema);
  const id = escapeHtml(text(op.operationId));
  return `<section class="op" id="${id}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(
    path,
  )}</code> <small>${id}</small></h3><p><strong>${escapeHtml(text(op.summary))}</strong></p>${markdown(
    text(op.description),
  )}${parametersTable(list(op.parameters), parameters)}${
    Object.keys(body).length === 0
      ? ''
      : `<h4>Request body${body.required === true ? ' (required)' : ' (optional)'}</h4>${schemaBlock(bodySchema)}`
  }${responsesList(record(op.responses))}</section>`;
};

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:0 auto;padding:1rem 2rem;color:#1d2330}
code{background:#f1f3f7;padding:0 .25em;border-radius:3px;font-size:90%}table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}
td,th{border:1px solid #d8dce5;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f6f7fa}
.op{border-top:2px solid #e3e6ee;padding-top:.5rem}.method{color:#fff;padding:.1em .5em;border-radius:4px;font-size:80%}
.get{background:#2f7d32}.post{background:#1f5fbf}.patch{background:#a35b00}.delete{background:#b3261e}
.ok{color:#2f7d32;font-weight:bold}.err{color:#b3261e}nav ul{columns:2}small{color:#667}`;

/** Renders the whole OpenAPI document as one HTML page. */
export const renderApiReference = (document: JsonSchema): string => {
  const info = record(document.info);
  const components = record(document.components);
  const parameters = record(components.parameters);
  const schemas = record(components.schemas);
  const operations = Object.entries(record(document.paths)).flatMap(([path, item]) =>
    Object.entries(record(item)).map(([method, op]) => ({ path, method, op: record(op) })),
  );
  const tags = list(document.tags).map((tag) => text(record(tag).name));
  const byTag = tags.map((tag) => {
    const ops = operations.filter(({ op }) => list(op.tags).includes(tag));
    return `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops
      .map(({ path, method, op }) => operationSection(method, path, op, parameters))
      .join('\n')}`;
  });
  const nav = operations
    .map(
      ({ path, method, op }) =>
        `<li><a href="#${escapeHtml(text(op.operationId))}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
    )
    .join('');
  const schemaSections = Object.entries(schemas).map(
    ([name, schema]) =>
      `<section id="${anchor(escapeHtml(name))}"><h3>${escapeHtml(name)}</h3>${schemaBlock(record(schema))}</section>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(
    text(info.title),
  )} API reference</title><meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head><body>
<h1>${escapeHtml(text(info.title))} <small>version ${escapeHtml(text(info.version))}, OpenAPI ${escapeHtml(
    text(document.openapi),
  )}</small></h1>
<p>Generated from <a href="openapi.json">openapi.json</a> (beside this page), itself generated from the service's codecs.</p>
${markdown(text(info.description))}
<nav><h2>Endpoints</h2><ul>${nav}</ul></nav>
${byTag.join('\n')}
<h2 id="schemas">Schemas</h2>
${schemaSections.join('\n')}
</body></html>
`;
};
