export { main, BIN_NAME, type CliDeps, type CliIo } from './main';
export { RUN_TITLE, DEFAULT_REPORTS, REPO_ROOT } from './run';
export { parseCliArgs, UsageError, type CliOptions } from './args';
export { USAGE, usage } from './usage';
