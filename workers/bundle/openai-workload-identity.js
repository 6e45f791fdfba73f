/**
 * What the openai SDK's client imports for workload-identity auth in the
 * Worker `npm run deploy` uploads (scripts/lib/worker-build.mjs puts this
 * module where node_modules/openai/client.mjs imports
 * ./internal/auth/x509-workload-identity-auth.mjs and
 * ./auth/workload-identity-auth.mjs, and where x509-credential-options.mjs
 * imports the former). The real ones exchange an X.509 certificate or a
 * subject token for an access token (mTLS through undici, which a Worker
 * cannot open anyway): ~6.4 KB gzipped. Assay authenticates with an API key
 * (src/providers/openai.ts) and passes no `workloadIdentity` or
 * `credential`; for such a client the SDK only asks whether an identity is
 * X.509 (no: there is none) and tests `instanceof`, both kept here; every
 * use of the auth itself sits behind a constructed one, which refuses, naming
 * this file. The rest of the client is the SDK's own, unchanged.
 * e2e/deploy-build.test.mjs runs the providers through this build against
 * the fixture model and shows a workload identity refused.
 */
function refuse() {
  throw new Error("openai's workload-identity auth is not in Assay's Worker build (workers/bundle/openai-workload-identity.js): Assay authenticates with an API key");
}

/** The SDK's test for an X.509 identity: none is what Assay passes; any identity at all refuses. */
export function isX509WorkloadIdentity(identity) {
  if (identity === undefined || identity === null) return false;
  return refuse();
}

export class X509WorkloadIdentityAuth {
  constructor() {
    refuse();
  }
  static shouldAuthenticate() {
    return refuse();
  }
  static isStreamingRequestBody() {
    return refuse();
  }
  static isRetryableFailure() {
    return refuse();
  }
  static retryHeaders() {
    return refuse();
  }
}

export class WorkloadIdentityAuth {
  constructor() {
    refuse();
  }
}

export const assertX509RequestOptions = refuse;
export const snapshotX509RequestOptions = refuse;
