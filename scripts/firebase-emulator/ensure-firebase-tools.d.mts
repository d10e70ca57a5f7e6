// Types of ./ensure-firebase-tools.mjs, for the TypeScript that imports it.
export declare const FIREBASE_TOOLS_VERSION: string
/** Where the `firebase` command is once installed. */
export declare const firebaseBin: string
/** Installs the pinned firebase-tools unless it is already there; answers the `firebase` command's path. */
export declare function ensureFirebaseTools(options?: { quiet?: boolean }): string
