// The responder of bench/process.ts's raw NATS figure, in a process of its own like node B, so the
// raw figure crosses the same two processes and two routed servers as node direct does.
// Usage: node --import tsx bench/raw-responder.ts <nats url> <subject>; prints "ready" once subscribed.

import { connect } from 'nats';

const [url, subject] = process.argv.slice(2);
if (!url || !subject) {
  console.error('usage: raw-responder.ts <nats url> <subject>');
  process.exit(2);
}
const nc = await connect({ servers: url, noAsyncTraces: true });
nc.subscribe(subject, { callback: (_e, m) => m.respond(m.data) });
await nc.flush();
process.stdout.write('ready\n');
// The bench ends it by closing stdin (or by a signal): nothing is left running.
process.stdin.resume();
process.stdin.on('end', () => void nc.close().then(() => process.exit(0)));
