// Plain `npx cucumber-js` for people who know Cucumber; `spotcheck run` is the main way in.
const base = {
  paths: ['features/**/*.feature'],
  // The adapters' registry first: the World opens its Driver through it (src/driver/target.ts).
  // Under `npm run mutation` the reference runtime is loaded with the support code, before any scenario,
  // so that Stryker sees the code that runs when a module loads as static (adapters/mutation-preload.ts).
  import: ['src/cli/adapters.ts', 'step-definitions/**/*.ts', ...(process.env.SPOTCHECK_MUTATION ? ['adapters/mutation-preload.ts'] : [])],
  format: ['progress'],
  worldParameters: { impl: 'reference', backend: 'embedded' },
};
export default base;
// The simulated world (src/sim/): virtual time and a seeded scheduler, for `npm run mutation -- --backend sim`.
export const sim = { ...base, worldParameters: { impl: 'reference', backend: 'sim', seed: 1 } };
