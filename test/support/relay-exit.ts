// Run as a process of its own by test/relay.test.ts. A socket whose sending side is already shut
// down is ended by the relay's reset(), and the process must then exit by itself: Node cannot
// reset such a socket (resetAndDestroy after end), never closes it, and spins at full CPU forever
// on its way out, which is what a stopped relay did after a process-backend run.
import net from 'node:net';
import { once } from 'node:events';
import { reset } from '../../src/harness/relay.ts';

const server = net.createServer((s) => {
  s.on('error', () => undefined);
  s.end();
  reset(s);
  server.close();
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const client = net.connect({ port: (server.address() as net.AddressInfo).port, host: '127.0.0.1', allowHalfOpen: true });
client.on('error', () => undefined).resume();
await once(client, 'end');
client.destroy();
process.stdout.write('done\n');
