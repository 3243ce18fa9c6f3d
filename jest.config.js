'use strict';

// One jest run for the whole repository; each package keeps its tests beside its code or in its test/ folder.
module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/spec-data',
    '<rootDir>/reference-server',
    '<rootDir>/conformance',
    '<rootDir>/webhook-receiver',
    '<rootDir>/scripts',
    '<rootDir>/test',
  ],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest'] },
  transformIgnorePatterns: [
    '/node_modules/(?!(@octokit/webhooks-methods|rettime|until-async|@open-draft|@mswjs|msw|headers-polyfill|outvariant|strict-event-emitter|is-node-process|tough-cookie|@bundled-es-modules)/)',
  ],
  // PGlite costs ~750 MB and ~3 s per instance: one per worker, and two workers on a 2-core machine.
  maxWorkers: 2,
  testTimeout: 60000,
  setupFilesAfterEnv: ['<rootDir>/jest.fast-check.ts'],
  globalSetup: '<rootDir>/jest.snapshots.ts',
  globalTeardown: '<rootDir>/reference-server/test/helpers/run-templates.ts',
  // The signature witness is ESM-only; jest's dynamic import of it under vm modules failed intermittently
  // ("reading 'identifier'"), so it is transpiled to CommonJS like our own code and required.
  moduleNameMapper: {
    // The workspace packages' TypeScript sources, as tsconfig.json's paths give them to tsc and tsx (their
    // package.json points at the compiled dist/, which a clone need not have built).
    '^@ppapi/spec$': '<rootDir>/spec-data/index.ts',
    '^@ppapi/spec/(.*)$': '<rootDir>/spec-data/$1',
    '^@ppapi/webhook-receiver$': '<rootDir>/webhook-receiver/src/index.ts',
    '^@ppapi/(webhook-receiver|conformance|reference-server)/(.*)$': '<rootDir>/$1/$2',
    '^@octokit/webhooks-methods$': '<rootDir>/node_modules/@octokit/webhooks-methods/dist-node/index.js',
  },
};
