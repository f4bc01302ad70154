import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../../infra/errors.js";

/**
 * Uploaded files on disk under the files directory (`<DATA_DIR>/files` unless
 * PARLEY_FILES_DIR): one file per upload, named by its id inside its project's folder, written
 * as it streams in (never whole in memory) and refused once it passes the size limit.
 */
export class FileStore {
  constructor(
    private readonly root: string,
    private readonly maxBytes: number,
  ) {}

  /** Streams `content` to the file's place; answers its size. 413 past the limit (nothing kept). */
  async write(relativePath: string, content: Readable): Promise<number> {
    const path = join(this.root, relativePath);
    await mkdir(dirname(path), { recursive: true });
    let bytes = 0;
    const limit = this.maxBytes;
    async function* counted(source: Readable) {
      for await (const chunk of source) {
        bytes += (chunk as Buffer).length;
        if (bytes > limit) {
          throw new ApiError(413, "payload_too_large", `The file is larger than ${limit} bytes.`);
        }
        yield chunk;
      }
    }
    try {
      await pipeline(content, counted, createWriteStream(path));
    } catch (error) {
      await rm(path, { force: true });
      content.resume();
      throw error;
    }
    return bytes;
  }

  read(relativePath: string): Readable {
    return createReadStream(join(this.root, relativePath));
  }

  readAll(relativePath: string): Promise<Buffer> {
    return readFile(join(this.root, relativePath));
  }

  async remove(relativePath: string): Promise<void> {
    await rm(join(this.root, relativePath), { force: true });
  }
}
