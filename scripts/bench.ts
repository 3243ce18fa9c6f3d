// `npm run bench [-- --json PATH] [--only NAME]`: runs the benchmark suites one after the other, prints a table,
// and with --json writes every figure as [{ name, unit, value, extra? }]. `--only large-portfolio` with
// BENCH_PORTFOLIO_SIZES=500,5000 is the quick run of the large-portfolio suite.
import { writeFileSync, mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ensureServices, type Services } from './bench/processes';
import { installBench } from './bench/install';
import { largePortfolioBench } from './bench/large-portfolio';
import { limiterBench, propertiesBench } from './bench/properties';
import type { BenchFigure, BenchSuite } from './bench/types';

async function optionalSuite(file: string, exportName: string): Promise<BenchSuite | undefined> {
  if (!existsSync(path.join(__dirname, 'bench', `${file}.ts`))) return undefined;
  const mod = (await import(`./bench/${file}`)) as Record<string, BenchSuite | undefined>;
  return mod[exportName];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const jsonPath = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  let services: Services | undefined;
  const lazyServices = (): Services => (services ??= ensureServices());

  const suites: BenchSuite[] = [
    propertiesBench(lazyServices),
    limiterBench(lazyServices),
    largePortfolioBench(lazyServices),
    installBench,
  ];
  for (const [file, name] of [
    ['conformance', 'conformanceBench'],
    ['invoices', 'invoiceBench'],
    ['webhooks', 'webhookBench'],
  ] as const) {
    const suite = await optionalSuite(file, name);
    if (suite) suites.push(suite);
  }
  const figures: BenchFigure[] = [];
  let failed = false;
  try {
    for (const suite of suites.filter((s) => !only || s.name === only)) {
      process.stdout.write(`running ${suite.name}...\n`);
      try {
        figures.push(...(await suite.run()));
      } catch (err) {
        failed = true;
        process.stderr.write(`benchmark ${suite.name} failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      }
    }
  } finally {
    services?.stop();
  }
  const width = Math.max(...figures.map((f) => f.name.length), 10);
  process.stdout.write(`\n${'benchmark'.padEnd(width)}  ${'value'.padStart(12)}  unit\n`);
  for (const f of figures)
    process.stdout.write(
      `${f.name.padEnd(width)}  ${String(f.value).padStart(12)}  ${f.unit}${f.extra ? `  (${f.extra})` : ''}\n`,
    );
  if (jsonPath) {
    mkdirSync(path.dirname(path.resolve(jsonPath)), { recursive: true });
    writeFileSync(jsonPath, `${JSON.stringify(figures, null, 2)}\n`);
    process.stdout.write(`\nwrote ${figures.length} figures to ${jsonPath}\n`);
  }
  process.exit(failed ? 1 : 0);
}

void main();
