#!/usr/bin/env bash
# Runs every package's tests (one package at a time, two files at a time within it: they share
# PostgreSQL, NATS and two cores), then prints one closing line for the whole run.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf packages/*/.vitest test/.vitest
npx turbo run test --concurrency=1 --continue
status=$?
node scripts/test-summary.mjs
exit $status
