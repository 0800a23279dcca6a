// The spec's clauses that no scenario checks yet (`checks: []`), each saying in `pending` what
// scenario would check it; the feature lint counts and prints them. When a scenario comes to
// check one, move the clause beside that feature (src/requirements/clauses.ts says where a
// clause lives). Keep its ID: IDs are stable, never renumber.

import type { Clause } from '../src/requirements/clause.ts';

export const clauses: Clause[] = [];
