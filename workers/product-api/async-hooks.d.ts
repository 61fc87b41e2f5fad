// The one Node.js API the product API uses (through its nodejs_compat flag): the per-request store of db/query.ts.
// Declared here rather than by adding Node's types, which would type the whole app (browser code included) as Node.
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
