// Types of common.mjs, so the TypeScript benchmarks share its helpers.
import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const ADMIN_INDEX: string;
export const BENCH_ADMIN: { email: string; password: string };

export function sleep(ms: number): Promise<void>;
export function freePort(): Promise<number>;
export function childEnv(extra: Record<string, string>): Record<string, string>;

export interface Group {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
export function spawnGroup(command: string, args: string[], env: Record<string, string>): Group;
export function waitForHealth(
  port: number,
  opts: { since: number; limitMs?: number; exited?: Group['exited'] },
): Promise<number>;
export function stopGroup(group: Pick<Group, 'child' | 'exited'>, graceMs?: number): Promise<number>;

export function bundleServer(opts?: { force?: boolean }): Promise<boolean>;
export function serverCommand(
  env?: Record<string, string>,
): Promise<{ command: string; args: string[]; env: Record<string, string> }>;

export function adminBuildNeeded(): string | null;
export function ensureAdminBuilt(): { ok: boolean; built: boolean; ms: number; reason: string | null };

export function median(values: number[]): number;
export function percentile(sorted: number[], p: number): number;
export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
export function stats(samples: number[]): Stats;
export function fmt(v: number, digits?: number): string;
export function table(header: string[], rows: (string | number)[][]): void;
export function writeResult(result: unknown): void;
