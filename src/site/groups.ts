// The spec's groups (section 10: "Channel and connection", "Object routing and creation recovery",
// "Host relocation and Session failure", "Store failure"), each with the IDs the site lists under it.
// The V IDs sit where section 10 puts them; an R ID sits with the V IDs of the same spec section,
// which is also the feature folder that checks it (README, "How rules map to features"), so every
// ID is in exactly one group. test/site.test.ts checks the groups cover the registry exactly.

import { REQUIREMENTS } from '../requirements/registry.ts';

export interface Group {
  /** Stable key, used in links (`#group=<key>`). */
  key: string;
  /** The spec's own heading. */
  title: string;
  ids: string[];
}

function range(prefix: string, from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${prefix === 'V' ? String(from + i).padStart(2, '0') : from + i}`);
}

export const GROUPS: Group[] = [
  {
    key: 'channel',
    title: 'Channel and connection',
    ids: [...range('V', 1, 5), ...range('R-GEN-', 1, 4), ...range('R-CH-', 1, 2), ...range('R-CONN-', 1, 3)],
  },
  {
    key: 'objects',
    title: 'Object routing and creation recovery',
    ids: [...range('V', 6, 12), 'R-OBJ-1', 'R-OBJ-2', 'R-OBJ-4', ...range('R-CRE-', 1, 2), ...range('R-INST-', 1, 5), 'R-INST-7'],
  },
  {
    key: 'relocation',
    title: 'Host relocation and Session failure',
    ids: [...range('V', 13, 15), 'R-OBJ-3', 'R-INST-6', ...range('R-REL-', 1, 7), ...range('R-SES-', 1, 3)],
  },
  {
    key: 'store',
    title: 'Store failure',
    ids: ['V16', ...range('R-STO-', 1, 4)],
  },
];

const ORDER = new Map(REQUIREMENTS.map((r, i) => [r.id, i]));
// Within a group, IDs keep the registry's order (V first, then R by spec section).
for (const g of GROUPS) g.ids.sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));

export function groupOf(id: string): Group | undefined {
  return GROUPS.find((g) => g.ids.includes(id));
}
