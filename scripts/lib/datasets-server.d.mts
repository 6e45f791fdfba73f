/** Types for scripts/lib/datasets-server.mjs. */
export function serveDatasets(folder: string | string[]): Promise<{ url: string; close: () => Promise<void> }>;
