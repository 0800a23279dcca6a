// The Driver's smallest terms, shared by the node and Session halves of the contract (types.ts,
// sessions.ts) so that neither has to import the other. They are defined once, in the schema
// (./schema/basics.ts), from which the wire contract's JSON Schema is generated.

export type { AppPayload, Rid } from './schema/basics.ts';
