/// <reference types="vite/client" />
/** Identifies the build; compared with /version.json to offer the update bar. */
declare const __BUILD_ID__: string;
