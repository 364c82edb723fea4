/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The project's repository, for the settings drawer's star and documentation links. */
  readonly VITE_REPOSITORY_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
