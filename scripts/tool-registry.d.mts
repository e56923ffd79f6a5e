/** Writes the generated lists of the tools that changed; returns the paths written. */
export function writeToolRegistry(root?: string): string[];
/** Each generated file's path (relative to the repository) and content. */
export function toolRegistryFiles(root?: string): Record<string, string>;
export function descriptorKeys(root?: string): string[];
export function serverFolders(root?: string): { key: string; files: Set<string> }[];
export function pageKeys(root?: string, keys?: string[]): string[];
export function camelName(key: string): string;
export function pascalName(key: string): string;
export function capsName(key: string): string;
export const TOOL_FOLDERS: { descriptors: string; server: string; pages: string };
export const KIT_FILES: string[];
