import type { BOOLEAN_FILTERS } from "../api/enums";

export type BooleanFilter = (typeof BOOLEAN_FILTERS)[number];

/** What a yes/no filter asks for: null for ALL (no filter), else the boolean it names. */
export function booleanFilterValue(filter: BooleanFilter): boolean | null {
  return filter === "ALL" ? null : filter === "true";
}
