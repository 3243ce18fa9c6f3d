#!/usr/bin/env node
'use strict';
// ppapi-receiver --port 4000 --secret S: the mock webhook receiver (`npm run receiver`).
// The package ships its TypeScript sources; tsx (a dependency) compiles each module as it loads, so the same
// files run from a clone and from an install (see the package README, "Installing on its own").
require('tsx/cjs');
require('./receiver.ts');
