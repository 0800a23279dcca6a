// "The Framework returns a failed operation's ErrorKind but doesn't indicate whether to retry"
// (spec line 127, R-GEN-4). So a failure the Driver reported names its ErrorKind (a `fail` whose
// value is only the status "failure" has none), and an outcome carries no field beyond the
// contract's (a writer puts such fields, a `retryable` flag say, in the completion's `fields`).

import type { HistoryEvent, OpEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'outcome-as-contract';
const RULES = ['R-GEN-4'];

export function outcomeAsContract(events: HistoryEvent[]): Violation[] {
  const out: Violation[] = [];
  for (const e of events.filter((x): x is OpEvent => isOp(x) && (x.type === 'ok' || x.type === 'fail'))) {
    const fields = (e as OpEvent & { fields?: unknown }).fields;
    if (e.type === 'fail' && e.value === 'failure') out.push(violation(NAME, RULES, `${e.op} failed with no ErrorKind`, [e]));
    else if (Array.isArray(fields) && fields.length > 0) out.push(violation(NAME, RULES, `${e.op} ended with fields the contract does not have: ${fields.join(', ')}`, [e]));
    if (out.length >= 10) break;
  }
  return out;
}
