/** Types for the environment runner's test support (environments/test-support.mjs), as the workerd tests' setup uses it. */

/** Why the local backend cannot run here (tests skip with it), or null. */
export function localSkip(): string | null;
