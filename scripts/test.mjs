// `npm test`: every stage runs to its end, so one red stage never hides another; the exit code is
// non-zero when any failed, and a table of each stage's result and time closes the run.
// `node scripts/test.mjs api e2e` runs only the named stages (a stage's prerequisite comes along).
//
// Two lanes share the 2-core CI machine: build → e2e → api, and typecheck → lint (at a lower CPU
// priority) → unit once e2e has ended (LANES). The console is built once, here, for every e2e file.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

/** Each stage: its command, and whether its output streams live (else it prints when the stage ends). */
const STAGES = {
  build: { cmd: [bin('vite'), 'build', '--logLevel', 'warn'], live: true },
  e2e: { cmd: [bin('vitest'), 'run', '--project', 'e2e'], live: true, needs: 'build' },
  // After the e2e stage, at normal priority: niced, its tests met their 60 s ceiling when another
  // suite's stages shared the machine (a busy CI run, 16:28).
  unit: { cmd: [bin('vitest'), 'run', '--project', 'unit', '--project', 'component'], live: true, after: 'e2e' },
  api: { cmd: [bin('vitest'), 'run', '--project', 'api-pglite', '--project', 'api-postgres'], live: true },
  typecheck: { cmd: [bin('tsc'), '-p', 'tsconfig.json', '--noEmit'], live: false, nice: 10 },
  lint: { cmd: [bin('eslint'), '.'], live: false, nice: 10 },
};
/**
 * A lane runs its stages one after the other; lanes run side by side. The type check and lint run at
 * a lower CPU priority (`nice`) beside the e2e flows, which mostly wait on browsers and servers: at
 * equal priority, stages beside e2e took 2 to 5 times their time alone (measured: e2e 311 s → 919 s,
 * unit 190 s → 1,050 s). The unit stage waits for e2e (`after`) and then shares the machine with the
 * API stage.
 */
const LANES = [
  ['build', 'e2e', 'api'],
  ['typecheck', 'lint', 'unit'],
];

const asked = process.argv.slice(2);
for (const name of asked) {
  if (!STAGES[name]) {
    console.error(`unknown stage ${name}: one of ${Object.keys(STAGES).join(', ')}`);
    process.exit(2);
  }
}
const wanted = new Set(asked.length ? asked.flatMap((name) => [name, STAGES[name].needs].filter(Boolean)) : Object.keys(STAGES));

/** name → { ok, seconds, note } as each stage ends. */
const results = new Map();
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const loadAtStart = load();
const started = performance.now();

/** Each stage's end, for a stage that waits for another (`after`). */
const ended = new Map(Object.keys(STAGES).map((name) => {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return [name, { promise, resolve }];
}));

function run(name) {
  const { cmd, live, nice } = STAGES[name];
  const t0 = performance.now();
  console.log(`\n▶ ${name}: ${cmd.map((c) => path.relative(root, c) || c).join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    // Before the child starts its workers, which inherit it.
    if (nice && child.pid) os.setPriority(child.pid, nice);
    const output = [];
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      stream.on('data', (chunk) => {
        output.push(chunk);
        if (live) out.write(chunk);
      });
    }
    const done = (ok, note = '') => {
      const seconds = (performance.now() - t0) / 1000;
      results.set(name, { ok, seconds, note, output: ok ? '' : Buffer.concat(output).toString() });
      if (!live) process.stdout.write(Buffer.concat(output));
      console.log(`${ok ? '✔' : '✘'} ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s${note ? ` (${note})` : ''}`);
      ended.get(name).resolve();
      resolve();
    };
    child.on('error', (error) => done(false, error.message));
    child.on('close', (code, signal) => done(code === 0, code === 0 ? '' : `exit ${code ?? signal}`));
  });
}

async function lane(stages) {
  for (const name of Object.keys(STAGES)) if (!wanted.has(name)) ended.get(name).resolve();
  for (const name of stages.filter((n) => wanted.has(n))) {
    const { needs, after } = STAGES[name];
    if (after) await ended.get(after).promise;
    if (needs && results.get(needs)?.ok === false) {
      results.set(name, { ok: false, seconds: 0, note: `not run: ${needs} failed` });
      ended.get(name).resolve();
      continue;
    }
    await run(name);
  }
}

/**
 * A failed stage's own account, repeated above the closing table so that the end of a long log
 * says what failed: vitest's "Failed Tests" and "Unhandled Errors" sections, else the last lines.
 */
function failures(output, maxLines = 120) {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const from = lines.findIndex((l) => /⎯ (Failed Tests|Failed Suites|Unhandled Errors?) /.test(l));
  const to = lines.findIndex((l, i) => i > from && /^\s*Test Files /.test(l));
  const picked = from >= 0 ? lines.slice(from, to > from ? to : undefined) : lines.slice(-40);
  return picked.length > maxLines ? [...picked.slice(0, maxLines), `… ${picked.length - maxLines} more lines above`].join('\n') : picked.join('\n');
}

await Promise.all(LANES.map(lane));

const failed = [...results].filter(([, r]) => !r.ok).map(([name]) => name);
for (const name of failed.filter((n) => results.get(n).output)) console.log(`\n✘ ${name}, what failed:\n${failures(results.get(name).output)}`);
console.log(`\n| stage | result | seconds |\n|---|---|---:|`);
for (const [name, r] of results) console.log(`| ${name} | ${r.ok ? 'passed' : `FAILED${r.note ? ` (${r.note})` : ''}`} | ${r.seconds.toFixed(0)} |`);
console.log(`| total (wall) | ${failed.length ? `${failed.length} failed` : 'green'} | ${((performance.now() - started) / 1000).toFixed(0)} |`);
console.log(`load average at start ${loadAtStart}, at end ${load()} (${os.availableParallelism()} cores)`);
process.exit(failed.length ? 1 : 0);
