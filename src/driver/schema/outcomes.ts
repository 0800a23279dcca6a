// How an operation ended: its terminal Outcome, with the ErrorKind of a failure and the attempts
// the calling node made.

import Type from 'typebox';
import { Obj, Rid, Str, doc, named } from './basics.ts';

export const OutcomeStatus = named(
  'OutcomeStatus',
  Type.Enum(['reply', 'failure', 'timeout', 'cancelled', 'shutdown'], { description: 'How an operation ended.' }),
);
export type OutcomeStatus = Type.Static<typeof OutcomeStatus>;

/** ErrorKinds of the reference model (the Error Model chapter is not in hand; see docs). */
export const ErrorKind = named(
  'ErrorKind',
  Type.Enum(
    ['NotFound', 'Unavailable', 'Busy', 'HandlerError', 'AlreadyExists', 'GenerationMismatch', 'RelocationFailed', 'BindingEnded', 'Unauthenticated'],
    {
      description:
        'ErrorKinds of the reference model. Sessions: BindingEnded is a relay or unbind through a binding that has ended (its incarnation is gone, or it ' +
        'was replaced); Unauthenticated is a Session that is not authenticated, or whose credential was refused.',
    },
  ),
);
export type ErrorKind = Type.Static<typeof ErrorKind>;

export const Acceptance = named('Acceptance', Type.Enum(['yes', 'no', 'unknown'], { description: 'Whether the target accepted the operation.' }));
export type Acceptance = Type.Static<typeof Acceptance>;

export const Attempt = named(
  'Attempt',
  Obj(
    {
      target: Rid,
      accepted: Acceptance,
      reason: Str('Why the attempt ended as it did, e.g. "capacity", "connection-lost", "accepted".'),
      connectionId: Type.Optional(Str('The connection the operation was written to (absent for a local target).')),
    },
    { description: 'One attempt of an operation towards a target.' },
  ),
);
export type Attempt = Type.Static<typeof Attempt>;

export const Outcome = named(
  'Outcome',
  Obj(
    {
      opId: Str(),
      status: OutcomeStatus,
      errorKind: Type.Optional(doc(ErrorKind, 'The ErrorKind of a failure.')),
      reply: Type.Optional(Type.Unknown()),
      attempts: Type.Array(Attempt),
    },
    { description: "An operation's terminal Outcome." },
  ),
);
export type Outcome = Type.Static<typeof Outcome>;
