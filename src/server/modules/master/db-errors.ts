import { BusinessError } from '../../lib/errors';

/** The value a unique violation names: pg's detail reads `Key (code)=(N2) already exists.` */
function duplicateValue(detail: string | undefined): string {
  return /\)=\((.*)\) already exists/.exec(detail ?? '')?.[1] ?? '';
}

/**
 * Turns a unique violation that slipped past the pre-check (two saves racing) into the same -1 message
 * the pre-check gives. `messages` maps constraint names to the message for the duplicated value.
 */
export async function mapUniqueViolation<T>(work: () => Promise<T>, messages: Record<string, (value: string) => string>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: string; constraint?: string; detail?: string };
    const message = e.code === '23505' && e.constraint ? messages[e.constraint] : undefined;
    if (message) throw new BusinessError(message(duplicateValue(e.detail)));
    throw error;
  }
}
