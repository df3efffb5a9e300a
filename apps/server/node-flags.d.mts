/** The flags the server's Node process runs with (node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
