/**
 * A chat message with images in each wire format: OpenAI's content parts
 * (`image_url` with a data URL or the http(s) URL) and Anthropic's content
 * blocks (`image` with a base64 or url source). The images come first, then
 * the text, as Anthropic's guide advises; a message without images keeps
 * its plain string content, so requests without images are unchanged.
 * Pure, no I/O.
 */
import type { ChatMessage } from "./types";

type Role = "system" | "user" | "assistant";

/** The message without its (empty) images field, every other field as it was. */
function plain<M extends ChatMessage>(m: M): Omit<M, "images"> {
  const { images: _none, ...rest } = m;
  return rest;
}

export function openaiMessage(m: ChatMessage & { role: Role }): { role: Role; content: unknown } {
  if (!m.images?.length) return plain(m);
  const images = m.images.map((img) => ({
    type: "image_url",
    image_url: { url: img.kind === "url" ? img.url : `data:${img.media_type};base64,${img.data}` },
  }));
  return { role: m.role, content: [...images, { type: "text", text: m.content }] };
}

export function anthropicMessage(m: ChatMessage & { role: "user" | "assistant" }): { role: "user" | "assistant"; content: unknown } {
  if (!m.images?.length) return plain(m);
  const images = m.images.map((img) => ({
    type: "image",
    source: img.kind === "url" ? { type: "url", url: img.url } : { type: "base64", media_type: img.media_type, data: img.data },
  }));
  return { role: m.role, content: [...images, { type: "text", text: m.content }] };
}

/** The messages with `images` attached to the last one (the task's own prompt; few-shot turns stay text). */
export function withImages<M extends { role: string; content: string }>(messages: readonly M[], images: ChatMessage["images"] & {}): (M & Pick<ChatMessage, "images">)[] {
  if (!images.length || !messages.length) return [...messages];
  const last = messages[messages.length - 1]! as M & Pick<ChatMessage, "images">;
  return [...messages.slice(0, -1), { ...last, images: [...(last.images ?? []), ...images] }];
}
