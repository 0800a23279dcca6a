// Message Follow (spec section 5, R-OBJ-3): once the owner change committed, the source follows
// messages of the object to the committed target for MessageFollowDuration, counted from the change,
// and no longer; before the commit they join the target's temporary queue.

import type { Letter } from '../kernel/work.ts';
import { fail, type WorkResult } from '../kernel/work.ts';
import type { RuledSide } from './relocation-rules.ts';
import { relayWaitMs } from './side.ts';

/**
 * The owner change committed, at `changedNoLaterThan` or after: the source follows messages to the
 * target for the duration from there, so it never follows longer than the duration after the change.
 */
export function committedAt(side: RuledSide, objectId: string, changedNoLaterThan: number): void {
  const f = side.forwarding.get(objectId);
  if (!f || f.committed) return;
  f.committed = true;
  f.until = changedNoLaterThan + side.ctx.messageFollowMs();
  // R-REL-5, V14: Message Follow follows a committed move; it never takes the object back, and a
  // dead target stays the owner, the object Unavailable: nothing releases it either.
  side.rules.whileFollowing(side, objectId, f.target, side.ctx.hosted(objectId));
  // Only the instance that moved away is let go. The source learns of the commit from the cutover's
  // answer, and the new owner may already be moving the object back here (its prepare arrives
  // first): the instance hosted here then is that relocation's target instance, and disposing it
  // would leave this node the committed owner hosting nothing, every message Unavailable (R-REL-4,
  // R-OBJ-3). Mutants that set up a committed follow themselves hold no instance to let go.
  side.rules.letGoMovedInstance(side, objectId, f);
}

/**
 * A message for an object this node no longer runs. While relocating it joins the target's
 * temporary queue; after the commit, Message Follow delivers it to the committed target while
 * the duration lasts. Returns undefined when this node has nothing to follow.
 */
export function follow(side: RuledSide, objectId: string, letter: Letter): Promise<WorkResult | undefined> | undefined {
  const f = side.forwarding.get(objectId);
  // R-REL-6: what this process follows is only what it set up itself (a restarted one follows nothing).
  if (!f) return side.rules.followWithoutEntry(side, objectId, letter);
  const { defaultDeadlineMs } = side.ctx.timings;
  if (!f.committed) {
    return side.ctx.sendWork(f.target, { type: 'relocation-relay', relocationId: f.relocationId, objectId, letter }, relayWaitMs(side));
  }
  // R-OBJ-3: after the commit the source follows messages to the target, for the duration only.
  if (!side.rules.stillFollowing(side.ctx.clock.now(), f.until)) return Promise.resolve(fail('Unavailable'));
  // R-OBJ-3: the duration counts from the commit; following a message does not extend it.
  f.until = side.rules.followUntilAfterUse(f.until, side.ctx.clock.now(), side.ctx.messageFollowMs());
  return side.ctx.sendWork(f.target, { type: 'message', objectId, payload: letter.payload as never, instanceIntent: false }, defaultDeadlineMs, letter.opId);
}
