import { renameSync, rmSync } from 'node:fs';

/** Puts a directory built aside in its final place; when another worker or process got there first, keeps theirs. */
export function moveIntoPlace(building: string, target: string): void {
  try {
    renameSync(building, target);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
}
