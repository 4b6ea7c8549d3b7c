// Type declarations for the two wink packages that ship none (only what the engine uses).

declare module 'wink-distance' {
  const distance: {
    string: {
      jaroWinkler(a: string, b: string, boost?: number, scale?: number): number;
      levenshtein(a: string, b: string): number;
    };
  };
  export default distance;
}

declare module 'wink-bm25-text-search' {
  interface BM25Engine {
    defineConfig(config: {
      fldWeights: Record<string, number>;
      bm25Params?: { k1?: number; b?: number; k?: number };
    }): boolean;
    definePrepTasks(tasks: Array<(input: never) => unknown>, field?: string): number;
    addDoc(doc: Record<string, string>, id: string | number): number;
    consolidate(fp?: number): boolean;
    search(text: string, limit?: number, filter?: unknown, params?: unknown): Array<[string, number]>;
  }
  const bm25: () => BM25Engine;
  export default bm25;
}
