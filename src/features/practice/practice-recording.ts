// What the player loads (lazily, with its store) to record listening for the account's practice log.
import { createPracticeRecorder, type PracticeRecorder } from './practice-recorder';
import { createSessionSync, restSessionTransport } from './session-sync';

/** The recorder of one account (`key`: the player's hashed account key), sending through PostgREST. */
export function createAccountPracticeRecorder(key: string): PracticeRecorder {
  return createPracticeRecorder(createSessionSync(key, restSessionTransport()));
}
