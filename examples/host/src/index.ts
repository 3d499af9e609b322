export { startDemoHost } from './demo-host.js';
export type { DemoHostOptions, RunningDemoHost } from './demo-host.js';
export { runDemoCli } from './demo-cli.js';
export type { DemoCliArgs, DemoCliOptions } from './demo-cli.js';
export { backendFromEnv, startBackend, DemoConfigError } from './backend.js';
export type { Backend, HostedPlatform, StartedBackend } from './backend.js';
