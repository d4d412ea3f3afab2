/** The part of madge's programmatic API the architecture test uses (the package ships no types). */
declare module 'madge' {
  interface MadgeResult {
    /** Each file, relative to `baseDir`, with the files it imports. */
    obj(): Record<string, string[]>;
    /** Every import circle, each as its files in order. */
    circular(): string[][];
    warnings(): { skipped: string[] };
  }
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    detectiveOptions?: { ts?: { skipTypeImports?: boolean } };
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
