/**
 * The dashboard offers nothing to other features. Its page is reached only through the lazy import in
 * `app/navigation.ts`, which keeps it out of the first bundle.
 */
export {};
