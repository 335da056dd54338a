import { createInflateRaw } from 'node:zlib';

/** One file of a zip archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** What the archive claims; it can lie, so inflated bytes are counted instead. */
  size: number;
  /** Where its local header starts. */
  offset: number;
}

/** Not a zip archive we can read (a truncated file, encryption, zip64, another compression). */
export class ZipError extends Error {
  override name = 'ZipError';
}

/** The inflated bytes of one entry went beyond the cap given to entryChunks. */
export class ZipEntryTooLargeError extends Error {
  override name = 'ZipEntryTooLargeError';
  constructor(readonly entry: string, readonly maxBytes: number) {
    super(`${entry} inflates to more than ${maxBytes} bytes`);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** An xlsx has a few dozen entries; a directory listing more is not one. */
const MAX_ENTRIES = 10_000;

/**
 * The entries of the zip archive in `buffer`, read from its central directory (the end of the file): no
 * entry is inflated, so this costs nothing whatever the entries hold.
 */
export function zipEntries(buffer: Buffer): Map<string, ZipEntry> {
  let eocd = -1;
  for (let at = buffer.length - 22; at >= Math.max(0, buffer.length - 22 - 0xffff); at -= 1) {
    if (buffer.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('no end of central directory');
  const count = buffer.readUInt16LE(eocd + 10);
  let at = buffer.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw new ZipError('zip64 archives are not read');
  if (count > MAX_ENTRIES) throw new ZipError('too many entries');
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL) throw new ZipError('broken central directory');
    const flags = buffer.readUInt16LE(at + 8);
    if (flags & 1) throw new ZipError('encrypted entries are not read');
    const nameLength = buffer.readUInt16LE(at + 28);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, {
      name,
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      size: buffer.readUInt32LE(at + 24),
      offset: buffer.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The inflated bytes of `entry`, chunk by chunk (16 KB at a time: the inflater waits while a chunk is being
 * handled). Throws ZipEntryTooLargeError as soon as more than `maxBytes` came out. The size the archive
 * states is not trusted either way (and a reader may stop early: a sheet with too many rows is refused for
 * its rows, which says more than its size).
 */
export async function* entryChunks(buffer: Buffer, entry: ZipEntry, maxBytes: number): AsyncGenerator<Buffer> {
  const local = entry.offset;
  if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== LOCAL) throw new ZipError(`broken local header of ${entry.name}`);
  const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
  if (start + entry.compressedSize > buffer.length) throw new ZipError(`${entry.name} is cut short`);
  const data = buffer.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (data.length > maxBytes) throw new ZipEntryTooLargeError(entry.name, maxBytes);
    yield data;
    return;
  }
  if (entry.method !== 8) throw new ZipError(`compression method ${entry.method} is not read`);
  const inflater = createInflateRaw();
  inflater.end(data);
  let total = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw new ZipEntryTooLargeError(entry.name, maxBytes);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipEntryTooLargeError) throw error;
    throw new ZipError(`${entry.name} cannot be inflated: ${(error as Error).message}`);
  } finally {
    inflater.destroy();
  }
}
