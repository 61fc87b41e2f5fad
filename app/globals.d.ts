declare const __BUILD_ID__: string;
declare const __BUILD_DATE__: string;
