import type { ReactNode } from 'react';

/** An island's module: renders the island over its prerendered markup, reading what it needs from it. */
export interface IslandModule {
  render: (container: HTMLElement) => ReactNode;
}

// Every island is a module named `<name>-island.tsx` anywhere under src/, found here by Vite at build: its name
// is its file's without `-island.tsx` (<Island name="faq-browser"> is src/features/faq/faq-browser-island.tsx).
const islandLoaders = import.meta.glob<IslandModule>('/src/**/*-island.tsx');

/** An island's name from its module's file. */
export function islandNameOfFile(file: string): string {
  const name = /([^/]+)-island\.tsx$/.exec(file)?.[1];
  if (!name) throw new Error(`${file} is not an island module`);
  return name;
}

function byName<T>(entries: [file: string, value: T][]): ReadonlyMap<string, T> {
  const map = new Map<string, T>();
  for (const [file, value] of entries) {
    const name = islandNameOfFile(file);
    if (map.has(name)) throw new Error(`Two islands are named ${name}`);
    map.set(name, value);
  }
  return map;
}

const islandModules = byName(Object.entries(islandLoaders));

/** An island's code, loaded on demand (src/app/adopted-page.tsx). */
export function loadIsland(name: string): Promise<IslandModule> {
  const load = islandModules.get(name);
  return load ? load() : Promise.reject(new Error(`Unknown island ${name}`));
}

/** An island's source file: the prerender preloads its chunks from Vite's manifest. */
export function islandFile(name: string): string {
  const file = Object.keys(islandLoaders).find((key) => islandNameOfFile(key) === name);
  if (!file) throw new Error(`Unknown island ${name}`);
  return file.slice(1);
}

/** Every island's name. */
export function islandNames(): string[] {
  return [...islandModules.keys()];
}

export function isIslandName(name: string | null): name is string {
  return name !== null && islandModules.has(name);
}
