// Every property-based test is reproducible: one seed for the run (FC_SEED overrides it; a test that passes its
// own seed keeps it). fast-check prints the seed and path of a failure, so it can be replayed with FC_SEED.
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261121) });
