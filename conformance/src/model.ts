// The report model lives in @ppapi/spec (the receiver tester and outside consumers read the same shapes);
// re-exported here so the suite's modules import it from one place of their own.
export type {
  CheckNeed,
  CheckResult,
  CheckStatus,
  RecordedExchange,
  RecordedPart,
  ReportFormat,
  ReportSpec,
  Rule,
  RuleClass,
  RuleLevel,
  RunMeta,
  SuiteReport,
  TraceExchange,
  WriteReports,
} from '@ppapi/spec';
