#!/usr/bin/env node
'use strict';
// ppapi-reference: the reference server (`npm run reference`; configured by the environment, see the README).
// The package ships its TypeScript sources; tsx (a dependency) compiles each module as it loads, so the same
// files run from a clone and from an install (see the package README, "Installing on its own").
require('tsx/cjs');
require('./reference.ts');
