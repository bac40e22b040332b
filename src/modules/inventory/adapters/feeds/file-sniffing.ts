import * as fs from 'node:fs/promises';

/** Up to `count` bytes from the start of a file (content sniffing before the real read). */
export async function leadingBytes(file: string, count: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
