/**
 * What @anthropic-ai/sdk's client imports for its credential chain in the
 * Worker `npm run deploy` uploads (scripts/lib/worker-build.mjs puts this
 * module where node_modules/@anthropic-ai/sdk/client.mjs imports
 * ./lib/credentials/credential-chain.mjs and token-cache.mjs). The real ones
 * find credentials when the client is given none (config files and profiles
 * under the user's home, OIDC federation, user OAuth) and refresh the tokens
 * they yield: ~5 KB gzipped, reading files a Worker does not have. Assay
 * always passes `apiKey` (src/providers/anthropic.ts: "" when the target has
 * no key), and the SDK then never resolves, refreshes or caches a credential:
 * each of these refuses, naming this file. The rest of the client is the
 * SDK's own, unchanged. e2e/deploy-build.test.mjs runs the providers through
 * this build against the fixture model and shows a profile refused.
 */
function refuse() {
  throw new Error("@anthropic-ai/sdk's credential chain is not in Assay's Worker build (workers/bundle/anthropic-credentials.js): Assay passes apiKey");
}

export const defaultCredentials = async () => refuse();
export const resolveCredentialsFromConfig = refuse;

export class TokenCache {
  constructor() {
    refuse();
  }
}
