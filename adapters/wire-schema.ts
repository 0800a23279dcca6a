// Validation of the wire conversation against the schema (schema/wire-protocol.schema.json, made
// from src/driver/schema/): every request the kit sends and every result an implementation
// answers, with AJV (JSON Schema 2020-12). A mismatch is one line naming the method, the JSON path
// and the expected shape, e.g.
//   outcome: the implementation's result does not match the schema at $.result.attempts[0].accepted: expected "yes" | "no" | "unknown", got "maybe"

import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { SCHEMA_ID, defName, wireSchemaDocument, type Json, type JsonSchema } from '../src/driver/schema/document.ts';
import { METHODS } from '../src/driver/schema/methods.ts';
import { quote } from './frames.ts';

/** A message that does not match the schema (a WireError subclass is made of it by the adapter). */
export interface Mismatch {
  /** The JSON path of the value that does not match, from the message ($.params... or $.result...). */
  path: string;
  expected: string;
  got: string;
}

const doc = wireSchemaDocument();
const defs = doc.$defs as Record<string, JsonSchema>;

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function validator(name: string): ValidateFunction | undefined {
  if (!(name in defs)) return undefined;
  if (!ajv) {
    ajv = new Ajv2020({ strict: true, allErrors: false });
    ajv.addSchema(doc);
  }
  let v = validators.get(name);
  if (!v) {
    v = ajv.getSchema(`${SCHEMA_ID}#/$defs/${name}`);
    if (!v) throw new Error(`schema: no definition ${name}`);
    validators.set(name, v);
  }
  return v;
}

/**
 * Compile every validator now (about half a second): the adapter calls it right after it starts an
 * implementation, while that process boots, so that no call in a scenario pays for a compile
 * (a timing-sensitive scenario would).
 */
export function prepareWireSchema(): void {
  for (const name of Object.keys(defs)) if (name.includes('.')) validator(name);
}

/** The methods the schema knows. */
export const SCHEMA_METHODS = Object.keys(METHODS);

/** Whether the params of a request match; undefined when they do (or the method is unknown to the schema). */
export function checkParams(method: string, params: unknown): Mismatch | undefined {
  return check(defName(method, 'params'), params, '$.params');
}

/** Whether a result matches; undefined when it does. */
export function checkResult(method: string, result: unknown): Mismatch | undefined {
  return check(defName(method, 'result'), result, '$.result');
}

function check(name: string, value: unknown, root: string): Mismatch | undefined {
  const v = validator(name);
  if (!v || v(value)) return undefined;
  const why = explain(defs[name], value, root);
  if (why) return why;
  // The explanation below agrees with AJV on every schema this kit makes; should it not, AJV's own word.
  const e = v.errors?.[0];
  return { path: root + pointerToPath(e?.instancePath ?? ''), expected: e?.message ?? 'another shape', got: describe(value) };
}

/** One line for a mismatch. */
export function mismatchLine(method: string, whose: 'request' | 'result', m: Mismatch): string {
  const what = whose === 'request' ? `the kit's ${method} request (a kit bug)` : `the implementation's ${method} result`;
  return `${method}: ${what} does not match the schema (schema/wire-protocol.schema.json) at ${m.path}: expected ${m.expected}, got ${m.got}`;
}

// ---- explaining a mismatch --------------------------------------------------------------------

function resolve(schema: JsonSchema): JsonSchema {
  let s = schema;
  for (let i = 0; i < 20 && typeof s.$ref === 'string'; i++) s = defs[s.$ref.replace('#/$defs/', '')];
  return s;
}

function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`))
    .join('');
}

const key = (path: string, k: string) => path + (/^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`);

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** A value, short, for a message. */
function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  const t = jsonType(v);
  if (t === 'object') return `an object ${quote(JSON.stringify(v))}`;
  if (t === 'array') return `an array ${quote(JSON.stringify(v))}`;
  return quote(JSON.stringify(v));
}

/**
 * The expected shape of a schema, short: a named type by name with its fields, an object by its
 * fields (optional ones with "?"), a choice of constants as `"a" | "b"`.
 */
export function shape(schema: JsonSchema, depth = 0): string {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/$defs/', '');
    const target = resolve(schema);
    if (depth > 0) return name;
    return target.type === 'object' || target.anyOf || target.enum ? `${name} ${target.enum ? `(${shape(target, 1)})` : shape(target, 1)}` : name;
  }
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((e) => JSON.stringify(e)).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map((s) => shape(s, depth + 1)).join(' | ');
  switch (schema.type) {
    case 'object': {
      const props = Object.keys((schema.properties as object) ?? {});
      const req = new Set((schema.required as string[]) ?? []);
      const kind = (schema.properties as Record<string, JsonSchema> | undefined)?.kind;
      if (kind && 'const' in kind && depth > 0) return `{kind: ${JSON.stringify(kind.const)}, …}`;
      return `{${props.map((p) => (req.has(p) ? p : `${p}?`)).join(', ')}}`;
    }
    case 'array':
      if (Array.isArray(schema.prefixItems)) return `[${(schema.prefixItems as JsonSchema[]).map((s) => shape(s, depth + 1)).join(', ')}]`;
      return schema.items && typeof schema.items === 'object' ? `${shape(schema.items as JsonSchema, depth + 1)}[]` : 'an array';
    case undefined:
      return 'any JSON value';
    default:
      return String(schema.type);
  }
}

/** The alternatives of a choice, choices within it flattened. */
function branches(schema: JsonSchema): JsonSchema[] {
  const s = resolve(schema);
  return Array.isArray(s.anyOf) ? (s.anyOf as JsonSchema[]).flatMap(branches) : [s];
}

/** A property whose constant tells the alternatives apart (`kind`, `app`), if every one has it. */
function discriminator(alts: JsonSchema[]): string | undefined {
  for (const k of ['kind', 'app']) {
    if (alts.every((a) => { const p = (a.properties as Record<string, JsonSchema> | undefined)?.[k]; return p !== undefined && 'const' in p; })) return k;
  }
  return undefined;
}

const depthOf = (path: string) => (path.match(/[.[]/g) ?? []).length;

/** The first place where the value does not match the schema, or undefined when it matches. */
export function explain(schema: JsonSchema, value: unknown, path: string): Mismatch | undefined {
  const s = resolve(schema);
  const miss = (expected = shape(schema)): Mismatch => ({ path, expected, got: describe(value) });
  if (Array.isArray(s.anyOf)) {
    const alts = branches(s);
    const d = discriminator(alts);
    if (d && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const tag = (value as Record<string, unknown>)[d];
      const hit = alts.find((a) => ((a.properties as Record<string, JsonSchema>)[d] as { const: Json }).const === tag);
      if (!hit) return { path: key(path, d), expected: alts.map((a) => JSON.stringify(((a.properties as Record<string, JsonSchema>)[d]).const)).join(' | '), got: describe(tag) };
      return explain(hit, value, path);
    }
    const whys = alts.map((a) => explain(a, value, path));
    if (whys.some((w) => w === undefined)) return undefined;
    const deepest = Math.max(...whys.map((w) => depthOf(w!.path)));
    const at = whys.filter((w) => depthOf(w!.path) === deepest);
    return at.length === 1 && deepest > depthOf(path) ? at[0] : miss();
  }
  if ('const' in s && value !== s.const) return miss();
  if (Array.isArray(s.enum) && !s.enum.includes(value as Json)) return miss();
  const t = jsonType(value);
  if (typeof s.type === 'string' && !(s.type === t || (s.type === 'number' && t === 'integer'))) return miss();
  if (t === 'object' && s.type === 'object') {
    const v = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    for (const r of (s.required as string[]) ?? []) {
      if (!(r in v)) return { path: key(path, r), expected: shape(props[r] ?? {}), got: `nothing (the property is missing; ${shape(schema)} requires it)` };
    }
    for (const [k, pv] of Object.entries(v)) {
      if (k in props) {
        const why = explain(props[k], pv, key(path, k));
        if (why) return why;
      } else if (s.additionalProperties === false) {
        return { path: key(path, k), expected: `no property of that name (the object is ${shape(schema)})`, got: describe(pv) };
      }
    }
  }
  if (t === 'array' && s.type === 'array') {
    const a = value as unknown[];
    const prefix = (s.prefixItems ?? []) as JsonSchema[];
    if (typeof s.minItems === 'number' && a.length < s.minItems) return miss(`${s.minItems} item${s.minItems === 1 ? '' : 's'} ${shape(s)}`);
    if (typeof s.maxItems === 'number' && a.length > s.maxItems) return miss(`at most ${s.maxItems} items`);
    for (let i = 0; i < a.length; i++) {
      const item = i < prefix.length ? prefix[i] : s.items;
      if (item === false) return { path: `${path}[${i}]`, expected: `no more than ${prefix.length} items (${shape(s)})`, got: describe(a[i]) };
      if (item && typeof item === 'object') {
        const why = explain(item as JsonSchema, a[i], `${path}[${i}]`);
        if (why) return why;
      }
    }
  }
  return undefined;
}
