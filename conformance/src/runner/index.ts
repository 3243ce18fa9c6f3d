// The check API and the runner. Checks import from here: `import { defineCheck } from '../../runner'`.
export { defineCheck, assertThat, DEFAULT_CHECK_TIMEOUT_MS } from './check';
export type { AssertOptions, Check, CheckContext, CheckDefinition, Profile, PropertyOptions } from './check';
export { CheckBlocked, CheckFailure, CheckSkip, CannotRunError, type FailureDetails } from './outcomes';
export { runCheck, newRunId, pacerFor, rerunCommand, type RunCheckOptions } from './run-check';
export { runChecks, DEFAULT_CONCURRENCY, type RunChecksOptions } from './run-checks';
export {
  RunScope,
  type RunCleanup,
  type RunCleanupTools,
  type RunResources,
  type RunScopeOptions,
  type Violation,
  type ObservedViolations,
  type RunObserver,
} from './run-scope';
export { selectChecks, matchesOnly, globToRegExp, splitPatterns } from './select';
export { randomSeed, parseSeed } from './seed';
export { DEFAULT_NUM_RUNS } from './property';
export { describeResponse, describeValue, oneLine } from './describe';
export { probeTarget } from './probe';
export {
  loadBaseline,
  parseBaseline,
  applyBaseline,
  staleEntries,
  staleMessage,
  EMPTY_BASELINE,
  type Baseline,
  type BaselineEntry,
  type StaleEntry,
} from './baseline';
export {
  grade,
  levelIndex,
  strongestLevel,
  countsAsFailure,
  countsAsError,
  exitStatus,
  disabledCore,
  notConformanceLine,
  NOT_A_CONFORMANCE_RESULT,
  EXIT,
} from './verdict';
export { capabilitiesOf, isCore, disabledBy, CAPABILITY_DEFINITIONS } from './profile';
export { buildTrace, MAX_TRACE_EXCHANGES, MAX_TRACE_BODY } from './trace';
export { unstableChecks, worstOf, instabilityLine, type Instability } from './repeat';
export {
  loadPreviousReport,
  parsePreviousReport,
  compareWithPrevious,
  ruleVerdicts,
  failedFromReport,
  type Comparison,
  type RuleChange,
  type RuleVerdict,
  type PreviousReport,
} from './previous-report';
export {
  computeCoverage,
  checksByRule,
  formatCoverageFigure,
  isCoverage,
  type Coverage,
  type RuleCoverage,
  type SectionCoverage,
} from './coverage';
export { checkSetProblems } from './check-set-problems';
export { mapPool } from './pool';
