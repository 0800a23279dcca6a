// What the kit asks a runtime to do (submit): messages on channels, node direct messages, and the
// life of Actors and Spots (create, message, close, relocate, join), plus a client's Session
// operations (./sessions.ts).

import Type from 'typebox';
import { AppPayload, Int, Ms, Obj, Rid, Str, doc, named } from './basics.ts';
import { SessionOperationSpec } from './sessions.ts';

export const ObjectKind = named('ObjectKind', Type.Enum(['actor', 'user-spot', 'instance-spot'], { description: 'The kind of an Actor or Spot.' }));
export type ObjectKind = Type.Static<typeof ObjectKind>;

/** Factory input of the test application: hold the factory on a gate, run a timer. */
export const FactoryInput = named(
  'FactoryInput',
  Obj(
    {
      mark: Type.Optional(Str("The kit's marker of the operation that supplied this input (see AppPayload).")),
      gate: Type.Optional(Str('The factory waits until this gate is released.')),
      tickMs: Type.Optional(Ms("Every tickMs the instance records a timer run while its node is owner-eligible.")),
      value: Type.Optional(Type.Unknown()),
    },
    { description: 'Factory input of the test application: hold the factory on a gate, run a timer.' },
  ),
);
export type FactoryInput = Type.Static<typeof FactoryInput>;

const deadlineMs = Type.Optional(
  Ms(
    "The operation's deadline, counted from submit; default the implementation's defaultDeadlineMs. One deadline for the whole operation: " +
      'every attempt and re-selection falls within it, and it travels with each write (a target refuses what arrives after it).',
  ),
);
const from = doc(Rid, 'The node whose application starts the operation.');

export const OperationSpec = named(
  'OperationSpec',
  Type.Union(
    [
      Obj(
        { kind: Type.Literal('channel-request'), from, channel: Str(), payload: AppPayload, deadlineMs },
        { description: 'A request on a channel: select-one picks a server.' },
      ),
      Obj(
        { kind: Type.Literal('node-direct'), from, mesh: Str(), to: Rid, payload: AppPayload, deadlineMs },
        { description: 'A node direct message by RID.' },
      ),
      Obj(
        {
          kind: Type.Literal('create'),
          from,
          objectId: Str(),
          objectKind: Type.Enum(['actor', 'user-spot']),
          on: doc(Rid, 'The node that secures the Creating record and runs the factory.'),
          input: FactoryInput,
          deadlineMs,
        },
        { description: 'Create an Actor or User Spot; `on` is the node that secures the Creating record and runs the factory.' },
      ),
      Obj(
        {
          kind: Type.Literal('object-message'),
          from,
          objectId: Str(),
          objectKind: doc(ObjectKind, 'The kind of reference the caller holds (an ActorRef, a User Spot or an Instance Spot ref).'),
          payload: AppPayload,
          generation: Type.Optional(Int("The caller's (possibly stale) view of the ObjectGeneration.")),
          via: Type.Optional(doc(Rid, 'The caller still believes this node is the owner (a stale owner cache), and sends there.')),
          instanceIntent: Type.Optional(Type.Boolean({ description: 'A Missing Instance Spot is cold-activated.' })),
          activateOn: Type.Optional(doc(Rid, 'Where a cold activation runs (default the caller).')),
          factoryInput: Type.Optional(FactoryInput),
          deadlineMs,
        },
        {
          description:
            "Actor/Spot direct message by logical ID. `generation` is the caller's (possibly stale) view; with `instanceIntent` a Missing Instance Spot " +
            'is cold-activated (on `activateOn`, default the caller) with `factoryInput`.',
        },
      ),
      Obj(
        { kind: Type.Literal('close'), from, objectId: Str(), generation: Int(), deadlineMs },
        { description: 'Close (Destroy) with authority release; rejected unless `generation` matches.' },
      ),
      Obj(
        { kind: Type.Literal('relocate'), from, objectId: Str(), target: Rid, generation: Type.Optional(Int()), deadlineMs },
        { description: 'Planned relocation of an Actor or Spot from its owner to `target`; `generation` is checked when given.' },
      ),
      Obj(
        { kind: Type.Literal('join'), from, objectId: Str(), generation: Int(), member: Rid, deadlineMs },
        { description: 'User Spot membership change; rejected unless `generation` matches.' },
      ),
      SessionOperationSpec,
    ],
    {
      description:
        'An operation to start (submit). A client\'s Session operations (connect, authenticate, bind, relay, unbind, disconnect) are listed under SessionOperationSpec.',
    },
  ),
);
export type OperationSpec = Type.Static<typeof OperationSpec>;
