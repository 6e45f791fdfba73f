/**
 * The chat stage: one call to the target with the rendered prompt, the
 * row's tools where the benchmark names a tools column (BFCL: the model
 * chooses whether to call them) and the row's image where it names an image
 * column (MATH-Vision: read and checked before the call, sent with the
 * task's message). A row whose tools or image cannot be read fails the
 * attempt with why. I/O through ports only.
 */
import { imageColumnOf, imageNote, imagesOfRow, type ImageNote } from "../../domain/images";
import type { ChatMessage } from "../../domain/prompt";
import { toolsColumnOf, toolsOfRow, type ToolDefinition } from "../../domain/tools";
import { withImages } from "../../providers/image-parts";
import { StageError, type AttemptState, type Stage, type StagePorts } from "../stage";
import { beginCall, commitTurn, replied } from "./steps";

const why = (err: unknown) => (err instanceof Error ? err.message : String(err));

function toolsOf(state: AttemptState): ToolDefinition[] | null {
  try {
    return toolsOfRow(toolsColumnOf(state.task.benchmark.options), state.task.row as Record<string, unknown>);
  } catch (err) {
    throw new StageError("tools", why(err));
  }
}

/** The row's images (one, or a list as MMMU's), read and checked before the call and sent with the task's message in order. */
async function withImage(state: AttemptState, ports: StagePorts): Promise<{ sent: ChatMessage[]; images?: ImageNote[] }> {
  const sent = [...state.request.messages];
  try {
    const images = imagesOfRow(imageColumnOf(state.task.benchmark.options), state.task.row as Record<string, unknown>);
    if (!images.length) return { sent };
    const inputs = [];
    for (const image of images) inputs.push(await ports.rows.image(image));
    return { sent: withImages(sent, inputs), images: images.map(imageNote) };
  } catch (err) {
    throw new StageError("image", why(err));
  }
}

export const chatStage: Stage = {
  name: "chat",
  async run(state, ports) {
    const tools = toolsOf(state);
    const { sent, images } = await withImage(state, ports);
    const prepared: AttemptState = { ...state, ...(tools && { request: { ...state.request, tools } }), ...(images && { images }) };
    beginCall(prepared, ports);
    const reply = await ports.models.target.chat({ messages: sent, ...state.task.sampling, ...(tools && { tools }) });
    const done = replied(prepared, reply);
    commitTurn(done, ports);
    return done;
  },
};
