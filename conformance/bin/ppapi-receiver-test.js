#!/usr/bin/env node
'use strict';
// ppapi-receiver-test --url URL --secret SECRET [--report FORMAT:PATH]: the receiver tester (`npm run receiver-test`).
// The package ships its TypeScript sources; tsx (a dependency) compiles each module as it loads, so the same
// files run from a clone and from an install (see the package README, "Installing on its own").
require('tsx/cjs');
require('./receiver-test.ts');
