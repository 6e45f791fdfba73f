// `npm start`: the whole local Assay stack on http://127.0.0.1:8787 (PORT),
// running until Ctrl-C. State lives in .assay/ and survives restarts.
import { startCronTicker, startStack } from "./lib/stack.mjs";

const port = Number(process.env.PORT || 8787);
const stateDir = process.env.ASSAY_STATE_DIR || ".assay";

const stack = await startStack({ port, stateDir, bootstrapToken: process.env.ASSAY_BOOTSTRAP_TOKEN, quiet: true, logFile: `${stateDir}/wrangler.log` });
const stopCron = startCronTicker(stack.url);

console.log(`
Assay is running at ${stack.url}
  API docs:     ${stack.url}/api/docs
  OpenAPI:      ${stack.url}/api/openapi.json
  Worker log:   ${stateDir}/wrangler.log

Create a project and get its admin API key (shown once):
  curl -s -X POST ${stack.url}/api/projects \\
    -H "Authorization: Bearer ${stack.bootstrapToken}" \\
    -H "content-type: application/json" -d '{"name": "my-team"}'

The bootstrap token is ${process.env.ASSAY_BOOTSTRAP_TOKEN ? "the ASSAY_BOOTSTRAP_TOKEN you set" : `kept in ${stateDir}/bootstrap-token`}.
Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  stopCron();
  await stack.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
stack.child.on("exit", (code) => {
  if (!stopping) {
    console.error(`wrangler dev exited (${code}); see ${stateDir}/wrangler.log`);
    process.exit(1);
  }
});
