// The JSON Schema 2020-12 document of the wire protocol, made from the TypeBox source: one file
// (schema/wire-protocol.schema.json) whose `$defs` hold every named type once, and each method's
// params and result as `<method>.params` and `<method>.result`. Uses of a named type become
// `$ref`s to its definition, so the file reads like the TypeScript types.

import type { TSchema } from 'typebox';
import { NAMED } from './basics.ts';
import { METHODS, WIRE_PROTOCOL_VERSION, type MethodName, type MethodSpec } from './methods.ts';
// Every module that defines named types, so that NAMED is complete (methods.ts imports them all).
import './sessions.ts';

export const SCHEMA_ID = `urn:spotcheck:wire-protocol:${WIRE_PROTOCOL_VERSION}`;
export const SCHEMA_FILE = 'schema/wire-protocol.schema.json';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonSchema = { [k: string]: Json };

/** The name under `$defs` of a method's params or result. */
export const defName = (method: string, part: 'params' | 'result') => `${method}.${part}`;

/** A TypeBox schema as plain JSON, each named type other than `self` replaced by a `$ref`. */
function toJson(schema: unknown, self?: string): Json {
  if (Array.isArray(schema)) return schema.map((s) => toJson(s));
  if (schema === null || typeof schema !== 'object') return schema as Json;
  const s = schema as Record<string, unknown>;
  const title = typeof s.title === 'string' ? s.title : undefined;
  if (title !== undefined && title !== self && NAMED.has(title)) {
    const ref: JsonSchema = { $ref: `#/$defs/${title}` };
    const own = (NAMED.get(title) as { description?: string }).description;
    if (typeof s.description === 'string' && s.description !== own) ref.description = s.description;
    return ref;
  }
  const out: JsonSchema = {};
  // Own enumerable keys only: TypeBox keeps its markers ('~kind', '~optional') non-enumerable.
  for (const [k, v] of Object.entries(s)) {
    if (v === undefined) continue;
    out[k] = toJson(v);
  }
  return out;
}

function paramsSchema(name: string, spec: MethodSpec): JsonSchema {
  if (!spec.driver) return { description: `The params of ${name}.`, type: 'object', properties: {}, additionalProperties: false };
  const n = spec.params.length;
  return {
    description: `The params of ${name}: the cluster, and the arguments in order.`,
    type: 'object',
    required: ['driver', 'args'],
    properties: {
      driver: { type: 'string', description: 'The cluster, as `open` named it.' },
      args:
        n === 0
          ? { type: 'array', maxItems: 0, description: 'No arguments.' }
          : {
              type: 'array',
              prefixItems: spec.params.map((p) => withDescription(toJson(p.schema) as JsonSchema, p.name)),
              items: false,
              minItems: n,
            },
    },
    additionalProperties: false,
  };
}

/** A schema, the argument's name at the start of its description. */
function withDescription(schema: JsonSchema, name: string): JsonSchema {
  const d = typeof schema.description === 'string' ? `${name}: ${schema.description}` : name;
  return { ...schema, description: d };
}

/** The whole document, in a stable order (named types, then methods in the protocol's order). */
export function wireSchemaDocument(): JsonSchema {
  const defs: Record<string, Json> = {};
  for (const [name, schema] of NAMED) defs[name] = toJson(schema, name);
  for (const [name, spec] of Object.entries(METHODS) as [MethodName, MethodSpec][]) {
    defs[defName(name, 'params')] = paramsSchema(name, spec);
    const result = toJson(spec.result as TSchema) as JsonSchema;
    defs[defName(name, 'result')] = { ...result, description: `The result of ${name}: ${typeof result.description === 'string' && !result.$ref ? result.description : spec.description}` };
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: SCHEMA_ID,
    title: `spotcheck wire protocol ${WIRE_PROTOCOL_VERSION}`,
    description:
      'The Driver contract as JSON-RPC 2.0 over stdio (docs/wire-protocol.md). Each method `M` has `$defs/M.params` (the request\'s params) and ' +
      '`$defs/M.result` (the response\'s result). Generated from src/driver/schema/ by `npm run schema`; do not edit.',
    $defs: defs,
  };
}

/** The document as the file holds it. */
export function wireSchemaText(): string {
  return `${JSON.stringify(wireSchemaDocument(), null, 2)}\n`;
}
