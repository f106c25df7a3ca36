// Prints vitest's totals as one plain line CI can read ("tests: N passed, N failed, N skipped") from
// its JSON report, and fails when nothing ran: a green run that tested nothing is not green.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/test-totals.js <vitest-json-report>');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
if (report.numTotalTests === 0) {
  console.error('No test ran.');
  process.exit(1);
}
