// How long a file of the reference runtime may grow (issue 24: runtime files by role, none over
// 300 lines). A file over the limit is a debt listed here with what its split would be; a debt paid
// is taken off the list (test/architecture.test.ts), so the list only shrinks. The harness and the
// kit's mutants are not the runtime and are not counted.

export const RUNTIME_LINE_LIMIT = 300;

/** impl-reference/ files still over the limit, each with the split it is waiting for. */
export const OVERSIZE: Record<string, string> = {
};

/**
 * Runtime files that still ask `broken('<mutant>')` at a decision point, and how many times (issue
 * 24: bugs as seams, not switches; 0 calls left in all, from 179). An area turned into seams (its
 * decisions a rules object the reference implements and a mutant replaces, as channel/rules.ts) is
 * taken off; a count may only go down (test/architecture.test.ts), and no other file may start asking.
 */
export const SWITCHES_LEFT: Record<string, number> = {
};

/** `broken('<name>')` calls in a file's text. */
export function switchCalls(text: string): number {
  return [...text.matchAll(/\bbroken\(\s*'/g)].length;
}

/** Whether a file counts as the runtime's own (not the harness, not the kit's mutants). */
export function isRuntimeFile(rel: string): boolean {
  return rel.startsWith('impl-reference/') && !rel.startsWith('impl-reference/harness/') && !rel.startsWith('impl-reference/mutants/') && rel.endsWith('.ts');
}
