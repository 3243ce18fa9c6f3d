export { main, RUN_TITLE, DEFAULT_REPORTS, REPO_ROOT, type CliDeps, type CliIo } from './main';
export { parseCliArgs, UsageError, type CliOptions } from './args';
export { USAGE } from './usage';
