/**
 * The SDK's client with the one resource Assay calls: `Anthropic` also builds
 * beta, organization, files, skills and more in its constructor, ~50 KB
 * gzipped of a Worker bundle that never calls them. A module of its own so
 * the adapters load it with import(): @anthropic-ai/sdk's modules are
 * evaluated by the first model call, not at every Worker start-up
 * (e2e/worker-bundle.test.mjs checks nothing imports them statically).
 */
import { BaseAnthropic } from "@anthropic-ai/sdk/client";
import { Messages } from "@anthropic-ai/sdk/resources/messages/messages";

export class MessagesClient extends BaseAnthropic {
  messages = new Messages(this);
}
