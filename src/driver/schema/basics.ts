// The schema's building blocks and the Driver's smallest terms (a node's RID, the test
// application's payload). Every named type of the wire contract is made with `named`: its `title`
// is its name, by which the JSON Schema generator (./document.ts) turns each use of it into a
// `$ref` to its one definition under `$defs`.

import Type, { type TProperties, type TSchema } from 'typebox';

/** Every named type, by name, in the order they were defined. */
export const NAMED = new Map<string, TSchema>();

/** A named type of the wire contract: defined once under `$defs`, referred to everywhere else. */
export function named<T extends TSchema>(title: string, schema: T): T {
  if (NAMED.has(title)) throw new Error(`schema: ${title} is defined twice`);
  (schema as TSchema & { title?: string }).title = title;
  NAMED.set(title, schema);
  return schema;
}

/** A closed object: a property the contract does not name is a mismatch (it catches misspelt optional fields). */
export function Obj<P extends TProperties>(properties: P, options: { description?: string } = {}) {
  return Type.Object(properties, { ...options, additionalProperties: false });
}

/** A use of a type with a description of its own (the doc comment of a property). */
export function doc<T extends TSchema>(schema: T, description: string): T {
  return Type.With(schema, { description }) as unknown as T;
}

/** A JSON number that is a whole number, e.g. a count, a version or a 1-based index. */
export const Int = (description?: string) => Type.Integer(description ? { description } : {});
/** Milliseconds, a whole number or not. */
export const Ms = (description?: string) => Type.Number(description ? { description } : {});
export const Str = (description?: string) => Type.String(description ? { description } : {});

/** A node's RID within its RouteMesh. */
export const Rid = named('Rid', Type.String({ description: "A node's RID within its RouteMesh." }));
export type Rid = Type.Static<typeof Rid>;

const mark = Type.Optional(Str("The kit's own marker: unique in the scenario, made by the kit for each message it sends."));

/**
 * A message of the test application. The runtime carries it unchanged from the caller to the
 * handler, and the journal records it as the handler received it. `mark` is the kit's own: unique
 * in the scenario, made by the kit for each message it sends, so that every handler run can be
 * traced to the message that caused it whatever operation ID the runtime gave it.
 */
export const AppPayload = named(
  'AppPayload',
  Type.Union(
    [
      Obj({ mark, app: Type.Literal('echo'), value: Type.Optional(Type.Unknown()) }, { description: 'The handler replies with value.' }),
      Obj(
        { mark, app: Type.Literal('block'), gate: Str('The gate it waits on (see releaseGate).'), value: Type.Optional(Type.Unknown()) },
        { description: 'Runs until the named gate is released, then replies with value.' },
      ),
      Obj({ mark, app: Type.Literal('fail'), value: Type.Optional(Type.Unknown()) }, { description: 'The handler fails; the outcome is a failure with ErrorKind HandlerError.' }),
    ],
    {
      description:
        'A message of the test application. The runtime carries it unchanged from the caller to the handler, and the journal records it as the handler ' +
        'received it. `mark` is the kit\'s own: unique in the scenario, made by the kit for each message it sends, so that every handler run can be ' +
        'traced to the message that caused it whatever operation ID the runtime gave it.',
    },
  ),
);
export type AppPayload = Type.Static<typeof AppPayload>;
