/** What a call cost, from a price per million tokens. No I/O. */

export interface TokenPrice {
  /** Price of a million prompt tokens, in the project's currency (USD by convention). */
  input_per_mtok: number;
  output_per_mtok: number;
}

/**
 * What a batched call costs against the listed price: OpenAI's Batch API and
 * Anthropic's Message Batches both bill 50% of the standard per-token price
 * (their published pricing), which is why a run chooses options.batch.
 */
export const BATCH_PRICE_FACTOR = 0.5;

/** Null when there is no price or the endpoint reported no token counts. */
export function estimateCost(price: TokenPrice | null | undefined, inputTokens: number | null, outputTokens: number | null): number | null {
  if (!price || inputTokens === null || outputTokens === null) return null;
  return (inputTokens * price.input_per_mtok + outputTokens * price.output_per_mtok) / 1_000_000;
}
