/** The flags the server's Node process runs with, on the embedded database or on PostgreSQL (node-flags.mjs). */
export declare function serverNodeFlags(database: { embedded: boolean }): string[];
