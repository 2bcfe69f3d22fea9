/** Types of scripts/build-stamp.mjs (for the server's tests of it). */
export type Build = { inputs: string[]; output: string; required: string[] };
export const STAMP_FILE: string;
export const BUILDS: { web: Build; server: Build };
export function fingerprint(root: string, inputs: string[]): string;
export function isUpToDate(root: string, build: Build): boolean;
export function writeStamp(root: string, build: Build, print: string): void;
