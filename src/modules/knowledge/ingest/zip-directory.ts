/**
 * The entries of a zip archive as its central directory lists them, read without inflating
 * anything: sniffing asks whether a zip is a Word document (`word/document.xml`), and the DOCX
 * reader adds up the declared unpacked sizes to refuse a zip bomb before mammoth inflates it.
 * ZIP64 sizes and offsets are read too. `undefined` when the bytes hold no readable directory
 * (not a zip, or truncated).
 */
export interface ZipEntry {
  name: string;
  unpackedSize: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const ZIP64_EXTRA = 0x0001;
const MAX_COMMENT = 0xffff;

export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  if (end === undefined) return undefined;
  let count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_END_LOCATOR) return undefined;
    const record = Number(view.getBigUint64(locator + 8, true));
    if (record + 56 > view.byteLength || view.getUint32(record, true) !== ZIP64_END_OF_DIRECTORY) {
      return undefined;
    }
    count = Number(view.getBigUint64(record + 32, true));
    offset = Number(view.getBigUint64(record + 48, true));
  }
  const names = new TextDecoder("utf-8");
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== DIRECTORY_ENTRY) return undefined;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const nameStart = offset + 46;
    const extraStart = nameStart + nameLength;
    if (extraStart + extraLength > view.byteLength) return undefined;
    let unpackedSize = view.getUint32(offset + 24, true);
    if (unpackedSize === 0xffffffff) {
      // The ZIP64 extra field lists the unpacked size first when the 32-bit field is saturated.
      const zip64 = findExtra(view, extraStart, extraLength, ZIP64_EXTRA);
      unpackedSize =
        zip64 !== undefined && zip64.length >= 8 ? Number(view.getBigUint64(zip64.at, true)) : Infinity;
    }
    entries.push({ name: names.decode(bytes.subarray(nameStart, extraStart)), unpackedSize });
    offset = extraStart + extraLength + commentLength;
  }
  return entries;
}

function findEndOfDirectory(view: DataView): number | undefined {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  return undefined;
}

function findExtra(
  view: DataView,
  start: number,
  length: number,
  id: number,
): { at: number; length: number } | undefined {
  let at = start;
  while (at + 4 <= start + length) {
    const fieldId = view.getUint16(at, true);
    const fieldLength = view.getUint16(at + 2, true);
    if (fieldId === id) return { at: at + 4, length: fieldLength };
    at += 4 + fieldLength;
  }
  return undefined;
}
