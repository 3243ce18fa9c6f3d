#!/usr/bin/env node
'use strict';
// ppapi-conformance [options]: the conformance suite (the options of `npm run conformance`, see --help).
// The package ships its TypeScript sources; tsx (a dependency) compiles each module as it loads, so the same
// files run from a clone and from an install (see the package README, "Installing on its own").
require('tsx/cjs');
require('./conformance.ts');
