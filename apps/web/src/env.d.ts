interface ImportMetaEnv {
  /** Comma-separated host names of the development and test deployments (see ui/hosts.ts). */
  readonly VITE_DEVELOPMENT_HOSTS?: string;
}

// The text files imported a second time under another name, so that the bundler keeps only the sections a
// module takes from them (see i18n/first-screen-texts.ts).
declare module '*/en.json?first-screen' {
  const texts: typeof import('./i18n/en.json');
  export = texts;
}
declare module '*/no.json?first-screen' {
  const texts: typeof import('./i18n/no.json');
  export = texts;
}
