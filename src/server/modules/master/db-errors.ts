import { BusinessError } from '../../lib/errors';

/**
 * Turns a unique violation that slipped past the pre-check (two saves racing) into the same -1 message
 * the pre-check gives. `messages` maps constraint names to messages.
 */
export async function mapUniqueViolation<T>(work: () => Promise<T>, messages: Record<string, string>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint && messages[e.constraint]) throw new BusinessError(messages[e.constraint]);
    throw error;
  }
}
