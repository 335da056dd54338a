import yauzl, { type Entry, type ZipFile } from 'yauzl';

export type { Entry as ZipEntry };

/** Not a zip archive we can read (a truncated file, encryption, another compression, a broken directory). */
export class ZipError extends Error {
  override name = 'ZipError';
}

/** The inflated bytes of one entry went beyond the cap given to ZipArchive.chunks. */
export class ZipEntryTooLargeError extends Error {
  override name = 'ZipEntryTooLargeError';
  constructor(readonly entry: string, readonly maxBytes: number) {
    super(`${entry} inflates to more than ${maxBytes} bytes`);
  }
}

/** An xlsx has a few dozen entries; a directory listing more is not one. */
const MAX_ENTRIES = 10_000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A zip archive held in memory, its entries by name (read from the central directory: nothing inflated yet). */
export interface ZipArchive {
  entries: Map<string, Entry>;
  /**
   * The inflated bytes of `entry`, chunk by chunk as they come out of the inflater (which waits while a
   * chunk is handled). Throws ZipEntryTooLargeError as soon as more than `maxBytes` came out, and stops
   * inflating: the size the archive states is not trusted (nor checked, so a lie about it meets the same cap).
   */
  chunks(entry: Entry, maxBytes: number): AsyncGenerator<Buffer>;
}

export async function openZip(buffer: Buffer): Promise<ZipArchive> {
  let zip: ZipFile;
  try {
    // The sizes an entry claims are not compared with what it holds (validateEntrySizes): the caps below count
    // the bytes themselves, so a bomb is refused for its size whatever it claims.
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: false });
  } catch (error) {
    throw new ZipError(message(error));
  }
  if (zip.entryCount > MAX_ENTRIES) throw new ZipError('too many entries');
  const entries = new Map<string, Entry>();
  try {
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  } catch (error) {
    throw new ZipError(message(error));
  }
  return { entries, chunks: (entry, maxBytes) => entryChunks(zip, entry, maxBytes) };
}

async function* entryChunks(zip: ZipFile, entry: Entry, maxBytes: number): AsyncGenerator<Buffer> {
  if (entry.isEncrypted()) throw new ZipError(`${entry.fileName} is encrypted`);
  if (!entry.canDecodeFileData()) throw new ZipError(`compression method ${entry.compressionMethod} is not read`);
  let stream;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw new ZipError(`${entry.fileName}: ${message(error)}`);
  }
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw new ZipEntryTooLargeError(entry.fileName, maxBytes);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipEntryTooLargeError) throw error;
    throw new ZipError(`${entry.fileName} cannot be inflated: ${message(error)}`);
  } finally {
    stream.destroy();
  }
}
