// Session lines the kit's own requests never carry (R-SES-2.6, R-SES-3.6-7, V02.4-5): the client
// writes a raw line on its Session connection (Driver operation session-send-line) and the
// evidence is the owner's answer on that connection, the owner's Session state and the journal of
// handler runs. The placeholders of a line (`<token of X>`, `<payload>`) are filled in by lineOf.
// Beside them, the steps only those scenarios use: a client acting through another client's
// binding, a relay with a deadline, and what the owner still holds afterwards.

import { Then, When } from '@cucumber/cucumber';
import type { DataTable } from '@cucumber/cucumber';
import type { JournalEntry, Rid } from '../src/driver/types.ts';
import { throughout } from './support/eventually.ts';
import { deadlineWatch } from './support/deadline.ts';
import { SCHEDULING_TOLERANCE_MS, type SpotWorld } from './support/world.ts';
import { payloadFor, start } from './support/operations.ts';
import { describeOutcome } from './support/probes.ts';
import { session, current, token, ownerBinding, describeBinding } from './support/sessions.ts';
import { violated } from '../src/checks/violation.ts';
import { isDeepStrictEqual } from 'node:util';
import { now } from './support/kit-clock.ts';

/** A raw line's placeholders: `<token of X>` (the client's newest binding of X), `<payload>` (a marked echo payload). */
async function lineOf(world: SpotWorld, client: string, template: string, marks: string[], n: number): Promise<string> {
  let line = template;
  for (const m of template.matchAll(/<token of ([^>]+)>/g)) line = line.replace(m[0], await token(world, client, m[1], 'newest'));
  line = line.replace(/<payload(?: that (blocks on gate "[^"]+"))?>/g, (_all, handler?: string) => {
    const mark = world.evidence.newMark();
    marks.push(mark);
    return JSON.stringify({ ...payloadFor(handler, `raw line ${n}`), mark });
  });
  // Request IDs unique to the scenario: a relay's ID is its operation's on the mesh.
  try {
    const f: unknown = JSON.parse(line);
    if (f && typeof f === 'object' && !Array.isArray(f) && typeof (f as { id?: unknown }).id === 'string') {
      (f as { id: string }).id = `${world.evidence.newMark()}-${(f as { id: string }).id}`;
      return JSON.stringify(f);
    }
  } catch {
    // not JSON: sent as written
  }
  return line;
}

function idOf(line: string): string | undefined {
  try {
    const f: unknown = JSON.parse(line);
    return f && typeof f === 'object' && !Array.isArray(f) && typeof (f as { id?: unknown }).id === 'string' ? (f as { id: string }).id : undefined;
  } catch {
    return undefined;
  }
}

type SentLine = { line: string; expect: string; answer: Record<string, unknown> | 'lost' | 'none' };

When('client {string} sends these lines on its connection:', async function (this: SpotWorld, client: string, table: DataTable) {
  const marks: string[] = [];
  const sent: SentLine[] = [];
  let n = 0;
  for (const row of table.hashes()) {
    const line = await lineOf(this, client, row.line, marks, ++n);
    const name = `line ${n}`;
    await start(this, name, { kind: 'session-send-line', client, line });
    const o = await this.outcomeOf(name);
    this.ops.delete(name);
    sent.push({ line, expect: row.answer, answer: o.status === 'reply' ? (o.reply as Record<string, unknown>) : o.status === 'failure' ? 'lost' : 'none' });
  }
  this.rawLines = { sent, marks };
});

function rawLines(world: SpotWorld): { sent: SentLine[]; marks: string[] } {
  const r = world.rawLines as { sent: SentLine[]; marks: string[] } | undefined;
  if (!r) throw new Error('no lines were sent');
  return r;
}

Then('each line was answered as the table says, on its own connection', async function (this: SpotWorld) {
  for (const { line, expect, answer } of rawLines(this).sent) {
    if (answer === 'lost' || answer === 'none') violated(`the line ${line} got no answer (${answer === 'lost' ? 'the connection closed' : 'none before the deadline'})`);
    const id = idOf(line);
    const kind = expect.trim();
    if (answer.t !== 'fail' || answer.errorKind !== kind) violated(`the line ${line} was answered ${JSON.stringify(answer)}, not fail ${kind}`);
    if (answer.id !== id) violated(`the line ${line} was answered for ${answer.id === undefined ? 'no request' : `request ${String(answer.id)}`}, not ${id === undefined ? 'for none' : `for ${id}`}`);
  }
});

Then('no handler ran for any of the lines', async function (this: SpotWorld) {
  const { marks } = rawLines(this);
  await throughout('handler runs of the lines', this.neverWindow(), async () => {
    const ran = (await this.driver.journal()).filter((e) => e.kind === 'handler' && marks.includes((e.input as { mark?: string }).mark ?? ''));
    return ran.length > 0 ? `a handler ran for a line that is not a request: on ${ran.map((e) => e.node).join(', ')}` : undefined;
  });
});

Then(
  "the Session owner {rid} still holds client {string}'s binding of {string} as it bound it, routed to {rid}",
  async function (this: SpotWorld, owner: Rid, client: string, objectId: string, route: Rid) {
    const tok = await token(this, client, objectId, 'newest');
    await throughout(`client ${client}'s binding of ${objectId}`, this.neverWindow(), async () => {
      const c = current(await session(this, client));
      if (c.atOwner?.node !== owner || c.atOwner.state !== 'open') return `the Session on ${owner} is ${c.atOwner?.state ?? 'gone'}`;
      const mine = c.atOwner.bindings.filter((b) => b.objectId === objectId);
      const b = ownerBinding(c, tok);
      if (mine.length !== 1 || !b) return `the Session holds ${mine.length} bindings of ${objectId}`;
      if (b.state !== 'bound' || b.route !== route) return `the binding is ${describeBinding(b)}`;
      return b.history.length === 1 && b.history[0].event === 'bound' ? undefined : `the binding's history is ${JSON.stringify(b.history)}`;
    });
  },
);

When("client {string} binds {string}", async function (this: SpotWorld, client: string, objectId: string) {
  await start(this, 'the request', { kind: 'session-bind', client, objectId });
});

When("client {string} relays a message through client {string}'s binding of {string}", async function (this: SpotWorld, client: string, other: string, objectId: string) {
  const bindingToken = await token(this, other, objectId, 'newest');
  await start(this, 'the request', { kind: 'session-relay', client, bindingToken, payload: payloadFor(undefined, `relayed to ${objectId}`) });
});

When("client {string} unbinds client {string}'s binding of {string}", async function (this: SpotWorld, client: string, other: string, objectId: string) {
  const bindingToken = await token(this, other, objectId, 'newest');
  await start(this, 'the request', { kind: 'session-unbind', client, bindingToken });
});

When('client {string} sends the line {string}', async function (this: SpotWorld, client: string, template: string) {
  const marks: string[] = [];
  const line = await lineOf(this, client, template, marks, 1);
  await start(this, 'the request', { kind: 'session-send-line', client, line });
  this.lineMarks = marks;
});

Then('the line was answered with its handler\'s reply, and the handler ran exactly once, on {rid}', async function (this: SpotWorld, node: Rid) {
  const o = await this.outcomeOf();
  const a = o.reply as Record<string, unknown> | undefined;
  if (o.status !== 'reply') violated(`the line got no answer before the client gave up on it: ${describeOutcome(o)}`);
  if (a?.t !== 'ok') violated(`the relay was answered ${JSON.stringify(a)}, not with its handler's reply`);
  const marks = this.lineMarks;
  const runsOf = async () => (await this.driver.journal()).filter((e): e is Extract<JournalEntry, { kind: 'handler' }> => e.kind === 'handler' && marks.includes(e.input.mark ?? ''));
  const first = await runsOf();
  if (first.length !== 1 || first[0].node !== node) violated(`the handler ran ${first.length} times${first.length ? `, on ${first.map((e) => e.node).join(', ')}` : ''}`);
  const value = (first[0].input as { value?: unknown }).value;
  if (!isDeepStrictEqual(a.value, value)) violated(`the relay was answered ${JSON.stringify(a.value)}, where its handler replies ${JSON.stringify(value)}`);
  await throughout('handler runs of the relayed line', this.neverWindow(), async () => {
    const runs = await runsOf();
    return runs.length > 1 ? `the handler ran again, on ${runs.map((e) => e.node).join(', ')}` : undefined;
  });
});

When(
  'client {string} relays a message through its binding of {string} that {handler}, with a deadline of {int} ms',
  async function (this: SpotWorld, client: string, objectId: string, handler: string, deadlineMs: number) {
    const bindingToken = await token(this, client, objectId, 'newest');
    await start(this, 'the request', { kind: 'session-relay', client, bindingToken, payload: payloadFor(handler, `relayed to ${objectId}`), deadlineMs });
  },
);

Then('the line was answered fail {word}', async function (this: SpotWorld, kind: string) {
  const o = await this.outcomeOf();
  const a = o.reply as Record<string, unknown> | undefined;
  if (o.status !== 'reply' || a?.t !== 'fail' || a.errorKind !== kind) violated(`the line was answered ${o.status === 'reply' ? JSON.stringify(a) : describeOutcome(o)}, not fail ${kind}`);
});

Then("client {string}'s Session on {rid} is not authenticated and holds no binding", async function (this: SpotWorld, client: string, owner: Rid) {
  await throughout(`client ${client}'s Session`, this.neverWindow(), async () => {
    const c = current(await session(this, client));
    if (c.atOwner?.node !== owner || c.atOwner.state !== 'open') return `the Session on ${owner} is ${c.atOwner?.state ?? 'gone'}`;
    if (c.atOwner.authenticated) return 'the Session is authenticated, though the client never authenticated';
    if (c.bindings.length > 0 || c.atOwner.bindings.length > 0) return `the Session holds bindings: ${c.atOwner.bindings.map(describeBinding).join('; ') || c.bindings.map((b) => b.token).join(', ')}`;
    return c.foreign.length > 0 ? `the client received ${c.foreign.map((f) => `${f.t}${f.id ? ` for ${f.id}` : ''}`).join(', ')}, answering nothing it asked` : undefined;
  });
});

Then("client {string} holds no binding of {string} but its first", async function (this: SpotWorld, client: string, objectId: string) {
  await this.outcomeOf();
  const c = current(await session(this, client));
  const mine = (c.atOwner?.bindings ?? []).filter((b) => b.objectId === objectId);
  if (mine.length !== 1 || c.bindings.filter((b) => b.objectId === objectId).length !== 1) violated(`the Session holds ${mine.length} bindings of ${objectId}: ${mine.map(describeBinding).join('; ')}`);
});

Then('the line was answered with a timeout at its deadline of {int} ms, every attempt naming {rid}', async function (this: SpotWorld, deadlineMs: number, node: Rid) {
  const watch = deadlineWatch(this, 'the request', deadlineMs);
  const o = await this.outcomeOf();
  const a = o.reply as Record<string, unknown> | undefined;
  if (o.status !== 'reply') violated(`the line got no answer before the client gave up on it: ${describeOutcome(o)}`);
  if (a?.t !== 'timeout') violated(`the relay was answered ${JSON.stringify(a)}, not with a timeout`);
  await watch.endedAtDeadline('the relay was answered with a timeout');
  const attempts = Array.isArray(a.attempts) ? (a.attempts as Array<{ target?: unknown }>) : [];
  if (attempts.length === 0 || attempts.some((x) => x.target !== node)) violated(`the relay's attempts were ${JSON.stringify(attempts)}, not attempts naming ${node} only`);
});

Then('the handler of the line ran exactly once, on {rid}', async function (this: SpotWorld, node: Rid) {
  const marks = this.lineMarks;
  await throughout('handler runs of the line', this.neverWindow(), async () => {
    const runs = (await this.driver.journal()).filter((e): e is Extract<JournalEntry, { kind: 'handler' }> => e.kind === 'handler' && marks.includes(e.input.mark ?? ''));
    return runs.length === 1 && runs[0].node === node ? undefined : `the handler ran ${runs.length} times${runs.length ? `, on ${runs.map((e) => e.node).join(', ')}` : ''}`;
  });
});
