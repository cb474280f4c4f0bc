#!/usr/bin/env node
// The `basket` command. The CLI itself is built to dist/cli.js (from src/cli.ts); this file exists
// before the build, so that installing the workspace can link the command.
import '../dist/cli.js';
