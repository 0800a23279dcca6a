// The environment a runtime under test is started in: the kit's own, less the TypeScript loader
// (tsx) that the kit adds to NODE_OPTIONS for its Cucumber workers (src/run/suite.ts). Inherited,
// it would make every Node.js runtime the kit starts (a node program's nodes, an exec: runtime)
// register tsx's module hooks, which run in a thread of their own and route all of its code
// through them: that changes the program under test, and in a CPU profile of the reference node
// program's nodes, the hooks and the CommonJS lexer took about a third of their CPU. A runtime
// that needs tsx names it on its own command line (`exec:node --import tsx ...`).

const KIT_LOADER = /(^|\s)--(import|require)[= ]tsx(?=\s|$)/g;

export function runtimeEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const options = (env.NODE_OPTIONS ?? '').replace(KIT_LOADER, ' ').trim();
  const out = { ...env };
  if (options) out.NODE_OPTIONS = options;
  else delete out.NODE_OPTIONS;
  return out;
}
