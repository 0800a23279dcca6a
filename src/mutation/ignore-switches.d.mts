// Types for ignore-switches.mjs (a plain ES module, as Stryker loads its plugins).
export declare const strykerPlugins: Array<{ kind: string; name: string; value: { shouldIgnore(path: unknown): string | undefined } }>;
