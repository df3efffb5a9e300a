interface ImportMetaEnv {
  /** Comma-separated host names of the development and test deployments (see ui/hosts.ts). */
  readonly VITE_DEVELOPMENT_HOSTS?: string;
}
