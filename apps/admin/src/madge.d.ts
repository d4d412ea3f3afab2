// The part of madge's programmatic API the architecture test uses (the package ships no types).
declare module 'madge' {
  interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
    detectiveOptions?: Record<string, Record<string, unknown>>;
  }
  interface MadgeResult {
    /** Every file (relative to the scanned folder) with the files it imports. */
    obj(): Record<string, string[]>;
    /** Every import circle, as the files along it. */
    circular(): string[][];
  }
  export default function madge(path: string, config?: MadgeConfig): Promise<MadgeResult>;
}
