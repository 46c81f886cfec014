import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Writes a file whole or not at all: a temporary sibling, then a rename over the target (atomic on one file
 * system). The catalogue pages are rewritten while the site is being served (docs/catalogue-rebuild.md), and
 * a visitor must get the old page or the new one, never half of one.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
