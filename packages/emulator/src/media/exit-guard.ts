/**
 * `@roamhq/wrtc` 0.10.0 segfaults when a process exits on its own (event loop drained) while an
 * `RTCAudioSource` is still reachable: its destructor runs after V8's environment is gone. An
 * explicit `process.exit()` skips that teardown, so once the media endpoint has created a source,
 * a natural exit is turned into an explicit one with the same exit code.
 */
let installed = false;

/** Install the guard once per process (idempotent). */
export function guardNativeAudioTeardown(): void {
  if (installed) return;
  installed = true;
  process.once('beforeExit', (code) => {
    process.exit(process.exitCode ?? code);
  });
}
