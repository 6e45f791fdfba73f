/**
 * A pinned file as its normaliser reads it: most files as fetched; an
 * archive (format zip) as the member its pin names, opened with the
 * publisher's password (encrypted-zip.ts), checked against the member's
 * own sha256 and size, and handed on in the archive's place with the
 * member's format. Pure apart from the Web crypto and stream APIs.
 */
import { sha256Hex } from "../crypto/hash";
import { MAX_UPLOAD_BYTES } from "../datasets/limits";
import { EncryptedZipError, readZipMember } from "./encrypted-zip";
import type { LoadedFile } from "./types";

/** The file as the normaliser reads it; throws, in words naming the archive and member, when the member cannot be had or is not the pinned one. */
export async function openPinned(loaded: LoadedFile): Promise<LoadedFile> {
  const { file, bytes } = loaded;
  if (file.format !== "zip") return loaded;
  const member = file.member;
  if (!member) throw new Error(`${file.path} is an archive whose pin names no member`);
  let data: Uint8Array;
  try {
    data = await readZipMember(bytes, member.name, member.password ?? "", MAX_UPLOAD_BYTES);
  } catch (err) {
    if (err instanceof EncryptedZipError) throw new Error(`the archive ${file.path} ${err.message}`);
    throw err;
  }
  const digest = await sha256Hex(data);
  if (digest !== member.sha256 || data.byteLength !== member.bytes) {
    throw new Error(
      `${member.name} in ${file.path} does not match its pin: sha256 ${digest} (${data.byteLength} bytes), expected ${member.sha256} (${member.bytes} bytes); refusing it`,
    );
  }
  return { file: { ...file, format: member.format, sha256: member.sha256, bytes: member.bytes }, bytes: data };
}
