// How an operation ended: its terminal Outcome, with the ErrorKind of a failure and the attempts
// the calling node made.

import Type from 'typebox';
import { Obj, Rid, Str, doc, named } from './basics.ts';
import { ERROR_KINDS } from './lists.ts';

export const OutcomeStatus = named(
  'OutcomeStatus',
  Type.Enum(['reply', 'failure', 'timeout', 'cancelled', 'shutdown'], { description: 'How an operation ended.' }),
);
export type OutcomeStatus = Type.Static<typeof OutcomeStatus>;

/** ErrorKinds of the reference model (the Error Model chapter is not in hand; see docs). */
export const ErrorKind = named(
  'ErrorKind',
  Type.Enum(
    [...ERROR_KINDS],
    {
      description:
        'ErrorKinds of the reference model. The spec chapter names only NotFound and Unavailable; the others are the kit\'s choice ' +
        '(docs/assumptions.md, "ErrorKinds the chapter does not name"). Sessions: BindingEnded is a relay or unbind through a binding that has ended (its incarnation is gone, or it ' +
        'was replaced); Unauthenticated is a Session that is not authenticated, or whose credential was refused.',
    },
  ),
);
export type ErrorKind = Type.Static<typeof ErrorKind>;

export const Acceptance = named('Acceptance', Type.Enum(['yes', 'no', 'unknown'], { description: 'Whether the target accepted the operation.' }));
export type Acceptance = Type.Static<typeof Acceptance>;

// Outcome and Attempt are open objects: a field the contract does not name is not a wire error but
// a rule matter. The Framework returns the ErrorKind and no advice whether to retry (spec section
// 8, R-GEN-4.2): the step "the failure carries its ErrorKind and no retry advice" judges extra
// fields, so they must reach it.
export const Attempt = named(
  'Attempt',
  Type.Object(
    {
      target: Rid,
      accepted: Acceptance,
      reason: Str(
        'Why the attempt ended as it did, in the runtime\'s words (the kit does not read it), e.g. "accepted", "capacity", ' +
          '"not-ready", "connection-lost", "deadline".',
      ),
      connectionId: Type.Optional(Str('The connection the operation was written to (absent for a local target, and when nothing was written).')),
    },
    {
      description:
        'One attempt of an operation towards a target. Extra fields are not a wire error: the step "the failure carries its ErrorKind and no ' +
        'retry advice" (R-GEN-4) fails an attempt that has any.',
    },
  ),
);
export type Attempt = Type.Static<typeof Attempt>;

export const Outcome = named(
  'Outcome',
  Type.Object(
    {
      opId: Str(),
      status: OutcomeStatus,
      errorKind: Type.Optional(doc(ErrorKind, 'The ErrorKind of a failure.')),
      reply: Type.Optional(Type.Unknown()),
      attempts: Type.Array(Attempt),
    },
    {
      description:
        "An operation's terminal Outcome. Extra fields are not a wire error: the step \"the failure carries its ErrorKind and no retry advice\" " +
        '(R-GEN-4) fails an Outcome that has any (a `retryable` flag, a back-off hint).',
    },
  ),
);
export type Outcome = Type.Static<typeof Outcome>;
