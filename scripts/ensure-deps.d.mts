/** Why an install is needed, or null when node_modules is up to date (see ensure-deps.mjs). */
export function staleReason(state: {
  lockMtime: number | null;
  installedMtime: number | null;
  hasNode24: boolean;
  linked?: boolean;
}): string | null;
