/** Types of bin/compiled.js, which runs before anything is compiled and so is plain JavaScript. */

/** The file the build writes last, beside the compiled code. */
export declare const BUILD_STAMP: string;
/** Records that the sources as of `startedAtMs` are compiled. */
export declare function writeBuildStamp(root: string, startedAtMs: number, distDir?: string): void;
/** Why dist/ under `root` cannot run (missing, older than src/), or undefined when it can. */
export declare function buildProblem(root?: string): string | undefined;
/** Imports `dist/<entry>` once the build is there and current; otherwise says what to run and exits 1. */
export declare function importCompiled(entry: string): Promise<void>;
