// Plain `npx cucumber-js` for people who know Cucumber; `spotcheck run` is the main way in.
export default {
  paths: ['features/**/*.feature'],
  import: ['step-definitions/**/*.ts'],
  format: ['progress'],
  worldParameters: { impl: 'reference', backend: 'embedded' },
};
