// Adds up the JSON reports of every package's vitest run into one closing line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const roots = [...readdirSync('packages').map((p) => join('packages', p)), 'test'];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const root of roots) {
  const file = join(root, '.vitest', 'report.json');
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  // A test file that fails before any of its tests runs (an import error) counts as one failure.
  failed += (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
  ).length;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
