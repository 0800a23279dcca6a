// How long a file of the reference runtime may grow (issue 24: runtime files by role, none over
// 300 lines). A file over the limit is a debt listed here with what its split would be; a debt paid
// is taken off the list (test/architecture.test.ts), so the list only shrinks. The harness and the
// kit's mutants are not the runtime and are not counted.

export const RUNTIME_LINE_LIMIT = 300;

/** impl-reference/ files still over the limit, each with the split it is waiting for. */
export const OVERSIZE: Record<string, string> = {
};

/** Whether a file counts as the runtime's own (not the harness, not the kit's mutants). */
export function isRuntimeFile(rel: string): boolean {
  return rel.startsWith('impl-reference/') && !rel.startsWith('impl-reference/harness/') && !rel.startsWith('impl-reference/mutants/') && rel.endsWith('.ts');
}
