/** Types of build-inputs.mjs (plain JavaScript: the build scripts run it with node alone). */
export declare const INPUTS_HASH_FILE: string;
export declare function inputsHash(
  repo: string,
  inputs: { dirs: string[]; files: string[] },
): string;
export declare function packageBuildHash(
  repo: string,
  build: { packageRoot: string; script: string; dirs: string[] },
): string;
export declare function builtFrom(dist: string, hash: string, outputs: string[]): boolean;
