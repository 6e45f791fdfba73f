/** What a call cost, from a price per million tokens. No I/O. */

export interface TokenPrice {
  /** Price of a million prompt tokens, in the project's currency (USD by convention). */
  input_per_mtok: number;
  output_per_mtok: number;
}

/** Null when there is no price or the endpoint reported no token counts. */
export function estimateCost(price: TokenPrice | null | undefined, inputTokens: number | null, outputTokens: number | null): number | null {
  if (!price || inputTokens === null || outputTokens === null) return null;
  return (inputTokens * price.input_per_mtok + outputTokens * price.output_per_mtok) / 1_000_000;
}
