// jsonexport ships no types; src/kit/shims/defaultExporter.ts calls it as ra-core does.
declare module 'jsonexport/dist/index.js' {
  export default function jsonExport(data: unknown, callback: (error: Error | null, csv: string) => void): void;
}
