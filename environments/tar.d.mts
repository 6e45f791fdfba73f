/** Types for tar archives (environments/tar.mjs). */

export interface TarEntryIn {
  path: string;
  data?: Buffer | Uint8Array | string;
  mode?: number;
  dir?: boolean;
}
export interface TarEntryOut {
  path: string;
  type: "file" | "dir" | "other";
  mode: number;
  data: Buffer;
}
export function tarPack(entries: TarEntryIn[]): Buffer;
export function tarUnpack(buf: Buffer): TarEntryOut[];
export function treeEntries(files: Map<string, Uint8Array>, mode?: (path: string, data: Uint8Array) => number): TarEntryIn[];
export function guessMode(path: string, data: Uint8Array): number;
