// Client Sessions and bindings (spec section 6): a client outside the Framework connects to a
// Session owner, authenticates, binds Actors and relays through its bindings. The evidence is the
// Session state its owner holds (driver.session: bindings, their route, location snapshot and
// history), what the client received on each connection, the Outcome of each operation and the
// journal of handler runs. Relays run as operations with the client's operation ID, so the
// generic Outcome and journal steps ("the request ends with...", "the handler ran...") apply.

import { Given, Then, When } from '@cucumber/cucumber';
import type { Rid } from '../src/driver/types.ts';
import { expectWithin, throughout } from './support/eventually.ts';
import { SCHEDULING_TOLERANCE_MS, type SpotWorld } from './support/world.ts';
import { payloadFor, start } from './support/operations.ts';
import { describeOutcome } from './support/probes.ts';
import { done, session, current, nth, tokensOf, token, ownerBinding, describeBinding, openSession } from './support/sessions.ts';
import { violated } from '../src/checks/violation.ts';

// ---- the client's side -------------------------------------------------------------------------

Given('client {string} has a Session on {rid} with {string} bound', async function (this: SpotWorld, client: string, node: Rid, objectId: string) {
  await openSession(this, client, node, objectId);
});

Given('client {string} has another Session on {rid} with {string} bound', async function (this: SpotWorld, client: string, node: Rid, objectId: string) {
  await openSession(this, client, node, objectId);
});

Given('client {string} has bound {string} again', async function (this: SpotWorld, client: string, objectId: string) {
  await done(this, { kind: 'session-bind', client, objectId }, `client ${client} binding ${objectId} again`);
});

Given('client {string} has also bound {string}', async function (this: SpotWorld, client: string, objectId: string) {
  await done(this, { kind: 'session-bind', client, objectId }, `client ${client} binding ${objectId}`);
});

When('client {string} connects to {rid}', async function (this: SpotWorld, client: string, node: Rid) {
  await done(this, { kind: 'session-connect', client, node }, `client ${client} connecting to ${node}`);
});

When('client {string} connects to {rid} and authenticates', async function (this: SpotWorld, client: string, node: Rid) {
  await openSession(this, client, node);
});

When('client {string} authenticates', async function (this: SpotWorld, client: string) {
  await done(this, { kind: 'session-authenticate', client }, `client ${client} authenticating`);
});

When('client {string} authenticates with a wrong credential', async function (this: SpotWorld, client: string) {
  await start(this, 'the request', { kind: 'session-authenticate', client, wrongCredential: true });
});

When('client {string} binds {string} again', async function (this: SpotWorld, client: string, objectId: string) {
  const before = tokensOf(await session(this, client), objectId);
  this.marks.set(`tokens of ${client}/${objectId} before the bind`, before.length);
  await start(this, 'the request', { kind: 'session-bind', client, objectId });
});

async function relay(world: SpotWorld, client: string, which: 'newest' | 'old', objectId: string, handler?: string): Promise<void> {
  const bindingToken = await token(world, client, objectId, which);
  await start(world, 'the request', { kind: 'session-relay', client, bindingToken, payload: payloadFor(handler, `relayed to ${objectId}`) });
}

When('client {string} relays a message through its {binding} of {string}', async function (this: SpotWorld, client: string, which: 'newest' | 'old', objectId: string) {
  await relay(this, client, which, objectId);
});

When(
  'client {string} relays a message through its {binding} of {string} that {handler}',
  async function (this: SpotWorld, client: string, which: 'newest' | 'old', objectId: string, handler: string) {
    await relay(this, client, which, objectId, handler);
  },
);

When("client {string} unbinds its first Session's binding of {string} on its second connection", async function (this: SpotWorld, client: string, objectId: string) {
  const first = nth(await session(this, client), 1).bindings.find((b) => b.objectId === objectId);
  if (!first) throw new Error(`client ${client}'s first Session holds no binding of ${objectId}`);
  await start(this, 'the request', { kind: 'session-unbind', client, bindingToken: first.token, connection: 2 });
});

When('client {string} unbinds its {binding} of {string}', async function (this: SpotWorld, client: string, which: 'newest' | 'old', objectId: string) {
  const bindingToken = await token(this, client, objectId, which);
  await start(this, 'the request', { kind: 'session-unbind', client, bindingToken });
});

When('the first connection of client {string} disconnects', async function (this: SpotWorld, client: string) {
  await done(this, { kind: 'session-disconnect', client, connection: 1 }, `the first connection of client ${client} disconnecting`);
});

// ---- evidence: the Session owner's bindings ------------------------------------------------------

Then(
  "the Session owner {rid} moved client {string}'s binding of {string} to {rid}, keeping its token and generation {int}",
  async function (this: SpotWorld, owner: Rid, client: string, objectId: string, target: Rid, generation: number) {
    const tok = await token(this, client, objectId, 'newest');
    // The target sends the update after the commit; it reaches the Session owner within a deadline.
    const b = await expectWithin(`the Session owner ${owner} to move the binding of ${objectId} to ${target}`, this.description.timings.defaultDeadlineMs, async () => {
      for (const c of (await session(this, client)).connections) {
        const b = ownerBinding(c, tok);
        if (c.atOwner?.node === owner && b?.route === target) return b;
      }
      return undefined;
    }).catch(async (e: Error) => {
      const c = current(await session(this, client));
      violated(`${e.message}; the binding is ${describeBinding(ownerBinding(c, tok))}`);
    });
    if (b.state !== 'bound' || b.generation !== generation || b.location.owner !== target || b.location.generation !== generation) {
      violated(`the binding is ${describeBinding(b)}`);
    }
    if (!b.history.some((e) => e.event === 'location-update' && e.route === target)) violated('the binding moved without a location update');
  },
);

Then("the Session owner {rid} holds client {string}'s binding of {string} for generation {int} as ended", async function (this: SpotWorld, owner: Rid, client: string, objectId: string, generation: number) {
  const c = current(await session(this, client));
  if (c.atOwner?.node !== owner) violated(`the Session is not held by ${owner}`);
  const old = c.atOwner.bindings.filter((b) => b.objectId === objectId && b.generation === generation);
  if (old.length === 0 || old.some((b) => b.state !== 'ended')) violated(`the bindings of ${objectId} for generation ${generation}: ${old.map(describeBinding).join('; ') || 'none'}`);
  // Its history says so: it began with its bind, and its end is its last event.
  const untold = old.find((b) => b.history[0]?.event !== 'bound' || b.history.at(-1)?.event !== 'ended');
  if (untold) violated(`an ended binding's history does not show its bind and its end: ${JSON.stringify(untold.history)}`);
});

Then(
  "the Session owner {rid} still routes client {string}'s binding of {string} for generation {int} to {rid}",
  async function (this: SpotWorld, owner: Rid, client: string, objectId: string, generation: number, route: Rid) {
    // A location update for another generation belongs to another incarnation, one for another Actor
    // to that Actor's bindings: it moves nothing here.
    const tok = await token(this, client, objectId, 'newest');
    await throughout(`client ${client}'s binding of ${objectId}`, this.neverWindow(), async () => {
      const c = current(await session(this, client));
      const b = ownerBinding(c, tok);
      if (c.atOwner?.node !== owner) return `the Session is not held by ${owner}`;
      if (!b || b.generation !== generation) return `the binding is ${describeBinding(b)}`;
      if (b.route !== route || b.location.owner !== route) return `a location update moved it: ${describeBinding(b)}`;
      return b.history.some((e) => e.event === 'location-update') ? `it took a location update: ${describeBinding(b)}` : undefined;
    });
  },
);

Then(
  "the Session owner {rid} holds client {string}'s new binding of {string} as bound, for generation {int}",
  async function (this: SpotWorld, owner: Rid, client: string, objectId: string, generation: number) {
    await this.outcomeOf(); // the late operation has been answered
    const tok = await token(this, client, objectId, 'newest');
    await throughout(`the new binding of ${objectId}`, this.neverWindow(), async () => {
      const c = current(await session(this, client));
      const b = ownerBinding(c, tok);
      if (c.atOwner?.node !== owner || c.atOwner.state !== 'open') return `the Session on ${owner} is ${c.atOwner?.state ?? 'gone'}`;
      return b?.state === 'bound' && b.generation === generation ? undefined : `the new binding is ${describeBinding(b)}`;
    });
  },
);

Then(
  'client {string} got a new binding of {string} for generation {int}, routed to {rid}, with a new token',
  async function (this: SpotWorld, client: string, objectId: string, generation: number, route: Rid) {
    const o = await this.outcomeOf();
    if (o.status !== 'reply') violated(`the bind ended with ${describeOutcome(o)}`);
    const got = o.reply as { token: string; generation: number; route: Rid };
    if (got.generation !== generation || got.route !== route) violated(`the binding is for generation ${got.generation}, routed to ${got.route}`);
    const v = await session(this, client);
    const earlier = tokensOf(v, objectId).slice(0, this.marks.get(`tokens of ${client}/${objectId} before the bind`) ?? 0);
    if (earlier.includes(got.token)) violated('the bind handed out the token of an earlier binding again');
    const c = current(v);
    const held = ownerBinding(c, got.token);
    if (held?.state !== 'bound' || held.generation !== generation || held.route !== route) violated(`the Session owner holds the new binding as: ${describeBinding(held)}`);
    // Section 10 reads "Session binding state" from the owner: a new binding's history is its bind, nothing else yet.
    const h = held.history;
    if (h.length !== 1 || h[0].event !== 'bound' || h[0].route !== route || h[0].generation !== generation) violated(`the new binding's history is ${JSON.stringify(h)}, not its bind alone`);
    // Earlier bindings of the object in this Session are not revived by the new one.
    const revived = c.atOwner!.bindings.find((b) => b.objectId === objectId && earlier.includes(b.token) && b.state !== 'ended' && b.state !== 'unbound');
    if (revived) violated(`an earlier binding is not ended: ${describeBinding(revived)}`);
  },
);

// ---- evidence: the client's connections ------------------------------------------------------------

Then('client {string} was told on its connection that {string} is now on {rid}', async function (this: SpotWorld, client: string, objectId: string, target: Rid) {
  const tok = await token(this, client, objectId, 'newest');
  await expectWithin(`client ${client} to get the location update of ${objectId}`, this.description.timings.defaultDeadlineMs, async () => {
    const v = await session(this, client);
    return v.connections.some((c) => c.bindings.some((b) => b.token === tok) && c.updates.some((u) => u.t === 'location-update' && u.token === tok && u.route === target));
  });
});

Then('client {string} kept its first connection to {rid} and bound {string} only once', async function (this: SpotWorld, client: string, node: Rid, objectId: string) {
  await throughout(`the connection of client ${client}`, this.neverWindow(), async () => {
    const v = await session(this, client);
    if (v.connections.length !== 1) return `the client opened ${v.connections.length} connections`;
    const c = v.connections[0];
    if (!c.open || c.node !== node || c.atOwner?.state !== 'open') return `the connection to ${c.node} is ${c.open ? 'open' : `closed by the ${c.closedBy}`}, its Session ${c.atOwner?.state ?? 'gone'}`;
    const ownerBindings = c.atOwner.bindings.filter((b) => b.objectId === objectId);
    if (c.bindings.filter((b) => b.objectId === objectId).length !== 1 || ownerBindings.length !== 1) return `${objectId} was bound ${ownerBindings.length} times`;
    const ended = c.updates.find((u) => u.t === 'binding-ended');
    return ended ? `the Session owner ended the binding (the client would have to rebind)` : undefined;
  });
});

Then('the first connection of client {string} drops', async function (this: SpotWorld, client: string) {
  // A process that dies takes its connections with it: the client sees its end closed.
  const c = await expectWithin(`the first connection of client ${client} to drop`, this.description.timings.livenessDeadlineMs + SCHEDULING_TOLERANCE_MS, async () => {
    const c = nth(await session(this, client), 1);
    return c.open ? undefined : c;
  });
  if (c.closedBy !== 'owner') violated(`the connection was closed by the ${c.closedBy}`);
});

Then(
  'client {string} has a new Session on {rid}: a new Session ID, not authenticated, with no binding',
  async function (this: SpotWorld, client: string, node: Rid) {
    const v = await session(this, client);
    const c = current(v);
    if (c.node !== node || !c.open) violated(`the client's current connection is to ${c.node}, ${c.open ? 'open' : 'closed'}`);
    const earlier = v.connections.filter((x) => x !== c).map((x) => x.sessionId);
    if (!c.sessionId || earlier.includes(c.sessionId)) violated(`the connection to ${node} continues an earlier Session (${c.sessionId})`);
    const s = c.atOwner;
    if (!s || s.node !== node || s.state !== 'open') violated(`${node} holds no open Session for the connection`);
    if (s.authenticated) violated('the new Session is authenticated without the client authenticating');
    if (s.client !== client) violated(`the Session owner holds the Session as client ${s.client ?? '(none)'}'s, where the client said hello as ${client}`);
    if (s.bindings.length > 0) violated(`the new Session holds bindings: ${s.bindings.map(describeBinding).join('; ')}`);
  },
);

Then('no running node holds the first Session of client {string}', async function (this: SpotWorld, client: string) {
  const first = nth(await session(this, client), 1);
  await throughout(`the first Session of client ${client}`, this.neverWindow(), async () => {
    const v = await session(this, client);
    const c = nth(v, 1);
    if (c.heldBy.length > 0) return `it is held by ${c.heldBy.join(', ')}`;
    // Nor are its bindings: no Session of the client holds a token given on the first connection.
    const oldTokens = new Set(first.bindings.map((b) => b.token));
    const holder = v.connections.find((x) => x.connection !== 1 && x.atOwner?.bindings.some((b) => oldTokens.has(b.token)));
    return holder ? `the Session on ${holder.node} holds a binding of the first Session` : undefined;
  });
});

Then('client {string} received nothing on its second connection that belongs to the first', async function (this: SpotWorld, client: string) {
  await throughout(`what reached the second connection of client ${client}`, this.neverWindow(), async () => {
    const c = nth(await session(this, client), 2);
    return c.foreign.length > 0 ? `it received ${c.foreign.map((f) => `${f.t}${f.id ? ` for ${f.id}` : ''}`).join(', ')}` : undefined;
  });
});

Then('the Session owner {rid} has ended the first Session of client {string}', async function (this: SpotWorld, owner: Rid, client: string) {
  const ended = await expectWithin(`the Session owner ${owner} to end the first Session of client ${client}`, this.description.timings.defaultDeadlineMs, async () => {
    const c = nth(await session(this, client), 1);
    return c.atOwner?.node === owner && c.atOwner.state === 'ended' ? c.atOwner : undefined;
  });
  // An ended Session keeps no live binding.
  const live = ended.bindings.filter((b) => b.state !== 'ended' && b.state !== 'unbound');
  if (live.length > 0) violated(`the ended Session still holds bindings that have not ended: ${live.map(describeBinding).join('; ')}`);
});

Then(
  'the second Session of client {string} stays open on {rid}, with its binding of {string} bound',
  async function (this: SpotWorld, client: string, owner: Rid, objectId: string) {
    await throughout(`the second Session of client ${client}`, this.neverWindow(), async () => {
      const c = nth(await session(this, client), 2);
      if (!c.open) return `its connection was closed by the ${c.closedBy}`;
      if (c.atOwner?.node !== owner || c.atOwner.state !== 'open') return `the Session owner ${owner} holds it as ${c.atOwner?.state ?? 'nothing'}`;
      // The evidence "no running node holds" a Session rests on: the owner says it holds this one.
      if (!c.heldBy.includes(owner)) return `the running nodes say ${c.heldBy.length ? `only ${c.heldBy.join(', ')} hold` : 'none holds'} it`;
      const tok = c.bindings.filter((b) => b.objectId === objectId).at(-1)?.token;
      const b = tok ? ownerBinding(c, tok) : undefined;
      return b?.state === 'bound' ? undefined : `its binding of ${objectId} is ${describeBinding(b)}`;
    });
  },
);

Then('the Session owner {rid} refused the Session of client {string} and closed its connection', async function (this: SpotWorld, owner: Rid, client: string) {
  const c = await expectWithin(`the connection of client ${client} to be closed`, this.description.timings.defaultDeadlineMs, async () => {
    const c = current(await session(this, client));
    return c.open ? undefined : c;
  });
  if (c.closedBy !== 'owner') violated(`the connection was closed by the ${c.closedBy}`);
  if (c.atOwner?.node !== owner || c.atOwner.state !== 'ended' || c.atOwner.authenticated) {
    violated(`the Session owner holds the Session as ${c.atOwner ? `${c.atOwner.state}, ${c.atOwner.authenticated ? '' : 'not '}authenticated` : 'nothing'}`);
  }
});

