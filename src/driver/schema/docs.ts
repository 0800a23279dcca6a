// The tables of docs/wire-protocol.md, made from the schema document (./document.ts): the methods
// with their arguments and results, and every named type with its fields. They sit between marker
// comments (`<!-- generated:NAME -->` ... `<!-- /generated -->`) that `npm run schema` rewrites.

import { METHODS, type MethodName, type MethodSpec } from './methods.ts';
import { defName, wireSchemaDocument, type Json, type JsonSchema } from './document.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const anchor = (name: string) => `#${name.toLowerCase()}`;

/** A schema's type for a table cell: named types link to their table. */
function typeOf(s: JsonSchema, defs: Record<string, JsonSchema>): string {
  if (typeof s.$ref === 'string') {
    const name = s.$ref.replace('#/$defs/', '');
    return `[${name}](${anchor(name)})`;
  }
  if ('const' in s) return `\`${JSON.stringify(s.const)}\``;
  if (Array.isArray(s.enum)) return s.enum.map((e) => `\`${JSON.stringify(e)}\``).join(' | ');
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).map((a) => typeOf(a, defs)).join(' | ');
  switch (s.type) {
    case 'array':
      return `${typeOf((s.items as JsonSchema) ?? {}, defs)}[]`;
    case 'object': {
      const req = new Set((s.required as string[]) ?? []);
      const props = Object.entries((s.properties as Record<string, JsonSchema>) ?? {});
      return `{${props.map(([k, v]) => `${k}${req.has(k) ? '' : '?'}: ${typeOf(v, defs)}`).join(', ')}}`;
    }
    case undefined:
      return 'any';
    default:
      return `\`${String(s.type)}\``;
  }
}

const describeOf = (s: JsonSchema) => (typeof s.description === 'string' ? s.description : '');

/** The methods table. */
export function methodsTable(doc: JsonSchema = wireSchemaDocument()): string {
  const defs = doc.$defs as Record<string, JsonSchema>;
  const rows = ['| method | `params.args` | `result` | what it does |', '|---|---|---|---|'];
  for (const [name, spec] of Object.entries(METHODS) as [MethodName, MethodSpec][]) {
    const params = defs[defName(name, 'params')];
    const args = ((params.properties as Record<string, JsonSchema>)?.args as JsonSchema | undefined)?.prefixItems as JsonSchema[] | undefined;
    const argCell = !spec.driver ? '(params `{}`)' : (args ?? []).map((a, i) => `${spec.params[i].name}: ${typeOf({ ...a, description: undefined } as unknown as JsonSchema, defs)}`).join(', ') || '—';
    const result = defs[defName(name, 'result')];
    rows.push(`| \`${name}\` | ${cell(argCell)} | ${cell(result.type === 'null' ? '`null`' : typeOf(result, defs))} | ${cell(spec.description)} |`);
  }
  return rows.join('\n');
}

/** A field table of an object schema. */
function fields(s: JsonSchema, defs: Record<string, JsonSchema>): string[] {
  const req = new Set((s.required as string[]) ?? []);
  const rows = ['| field | type | required | meaning |', '|---|---|---|---|'];
  for (const [k, v] of Object.entries((s.properties as Record<string, JsonSchema>) ?? {})) {
    rows.push(`| \`${k}\` | ${cell(typeOf({ ...v, description: undefined } as unknown as JsonSchema, defs))} | ${req.has(k) ? 'yes' : ''} | ${cell(describeOf(v))} |`);
  }
  return rows;
}

/** Whether an object schema is closed: a property it does not name is a mismatch. */
const isClosed = (s: JsonSchema) => s.additionalProperties === false;

/**
 * Every open object of the document, by path: a named type (`Outcome`), an object inside one
 * (`NodeView.queue`), or a method's params or result (`submit.result`). The adapter's validation
 * (adapters/wire-schema.ts) takes a property such an object does not name.
 */
export function openObjects(doc: JsonSchema = wireSchemaDocument()): string[] {
  const out: string[] = [];
  const walk = (s: Json | undefined, path: string): void => {
    if (Array.isArray(s)) return s.forEach((x) => walk(x, path));
    if (s === null || typeof s !== 'object') return;
    if (s.type === 'object' && !isClosed(s)) out.push(path);
    for (const [k, v] of Object.entries((s.properties as Record<string, JsonSchema> | undefined) ?? {})) walk(v, `${path}.${k}`);
    walk(s.anyOf, path);
    walk(s.items, `${path}[]`);
    walk(s.prefixItems, `${path}[]`);
  };
  for (const [name, s] of Object.entries(doc.$defs as Record<string, JsonSchema>)) walk(s, name);
  return out;
}

/** What the types section says first: which objects are closed and which open, read off the schema. */
function openness(doc: JsonSchema): string {
  const open = openObjects(doc).map((path) => {
    const name = path.split(/[.[]/)[0];
    return path === name ? `[${name}](${anchor(name)})` : `\`${path}\` (in [${name}](${anchor(name)}))`;
  });
  const closed =
    'Objects are closed (`additionalProperties: false`): a property an object does not name is a mismatch, which catches a misspelt ' +
    'optional field (`errorkind`).';
  const except = open.length
    ? ` The open ones are ${open.join(', ')}: a property they do not name passes the schema, and is left to the rules (their descriptions say how).`
    : ' No object is open.';
  return `${closed}${except} A field of type any takes any JSON value. Each type below says whether it is closed or open.`;
}

/** The line under a named type that says whether it is closed or open. */
function closedLine(s: JsonSchema, defs: Record<string, JsonSchema>): string | undefined {
  if (s.type === 'object') return isClosed(s) ? 'Closed: a field not in this table is a mismatch.' : 'Open: a field not in this table passes the schema.';
  if (!Array.isArray(s.anyOf)) return undefined;
  const objects = (s.anyOf as JsonSchema[]).filter((a) => typeof a.$ref !== 'string' && a.type === 'object');
  if (objects.length === 0) return undefined;
  const open = objects.filter((a) => !isClosed(a)).map((a) => typeOf(a, defs));
  return open.length === 0
    ? 'Closed: a field an alternative does not name is a mismatch.'
    : `Open alternatives: ${open.join(', ')} (a field they do not name passes the schema); the others are closed.`;
}

/** The types section: every named type, with its fields, alternatives or values. */
export function typesTables(doc: JsonSchema = wireSchemaDocument()): string {
  const defs = doc.$defs as Record<string, JsonSchema>;
  const out: string[] = [openness(doc), ''];
  for (const [name, s] of Object.entries(defs)) {
    if (name.includes('.')) continue; // a method's params or result: in the methods table
    out.push(`#### ${name}`, '');
    if (describeOf(s)) out.push(describeOf(s), '');
    const closedNote = closedLine(s, defs);
    if (closedNote) out.push(closedNote, '');
    if (s.type === 'object') out.push(...fields(s, defs));
    else if (Array.isArray(s.enum)) out.push(`One of ${s.enum.map((e) => `\`${JSON.stringify(e)}\``).join(', ')}.`);
    else if (Array.isArray(s.anyOf)) {
      const alts = s.anyOf as JsonSchema[];
      const tag = ['kind', 'app'].find((k) => alts.every((a) => (a.properties as Record<string, JsonSchema> | undefined)?.[k]?.const !== undefined));
      out.push(`| ${tag ?? 'alternative'} | fields | meaning |`, '|---|---|---|');
      for (const a of alts) {
        if (typeof a.$ref === 'string') {
          out.push(`| ${typeOf(a, defs)} | (see there) | ${cell(describeOf(defs[a.$ref.replace('#/$defs/', '')]))} |`);
          continue;
        }
        const props = { ...((a.properties as Record<string, JsonSchema>) ?? {}) };
        const tagValue = tag ? `\`${JSON.stringify(props[tag].const)}\`` : typeOf(a, defs);
        if (tag) delete props[tag];
        const req = new Set((a.required as string[]) ?? []);
        const fieldList = Object.entries(props).map(([k, v]) => `${k}${req.has(k) ? '' : '?'}: ${typeOf({ ...v, description: undefined } as unknown as JsonSchema, defs)}`).join(', ');
        out.push(`| ${cell(tagValue)} | ${cell(fieldList)} | ${cell(describeOf(a))} |`);
      }
    } else out.push(`${typeOf(s, defs)}.`);
    out.push('');
  }
  return out.join('\n').trimEnd();
}

export const GENERATED: Record<string, () => string> = { methods: () => methodsTable(), types: () => typesTables() };

/** The text with every generated block rewritten; throws if a marker is missing or unclosed. */
export function withGeneratedTables(text: string): string {
  let out = text;
  for (const [name, make] of Object.entries(GENERATED)) {
    const open = `<!-- generated:${name} -->`;
    const start = out.indexOf(open);
    if (start === -1) throw new Error(`docs/wire-protocol.md has no ${open} marker`);
    const end = out.indexOf('<!-- /generated -->', start);
    if (end === -1) throw new Error(`docs/wire-protocol.md: ${open} is never closed by <!-- /generated -->`);
    out = `${out.slice(0, start + open.length)}\n<!-- Made from src/driver/schema/ by \`npm run schema\`; edit the schema, not this table. -->\n\n${make()}\n\n${out.slice(end)}`;
  }
  return out;
}
