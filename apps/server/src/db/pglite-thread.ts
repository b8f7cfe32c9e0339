// The server's side of the embedded database's thread (pglite-worker.mjs): starts the worker and
// gives node-postgres a socket-like stream per connection that carries the wire protocol over
// the worker's message port. The server then uses PGlite through the same driver as PostgreSQL.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Duplex } from "node:stream";
import { Worker } from "node:worker_threads";

/** The messages between the server and the database's thread. */
export type ToWorker =
  | { t: "open"; id: number }
  | { t: "data"; id: number; bytes: Uint8Array }
  | { t: "close"; id: number }
  | { t: "dump" }
  | { t: "shutdown" };
export type FromWorker =
  | { t: "ready" }
  | { t: "failed"; message: string }
  | { t: "data"; id: number; bytes: Uint8Array }
  | { t: "broken"; id: number; message: string }
  | { t: "dump"; tar: ArrayBuffer }
  | { t: "closed" };
export interface WorkerOptions {
  dataDir?: string;
  template?: ArrayBuffer;
  /** PostgreSQL compiled to WebAssembly, compiled once per process (below). */
  pgliteModule?: WebAssembly.Module;
}

export interface PgliteThread {
  /** A new connection's stream, for pg's `stream` option. */
  connect(): Duplex;
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

// @types/node declares WebAssembly's types but not its functions (those come with the DOM's lib).
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;
let compiled: Promise<WebAssembly.Module> | undefined;
let threadsStarted = 0;
/**
 * PGlite's PostgreSQL, compiled once per process and handed to each further database thread it
 * starts (a test run starts one per file). Those threads share one copy of its machine code, tiered
 * up once, and this thread's reference keeps that code alive between them: it is not freed and
 * compiled again each time a database closes. The first thread compiles its own, as a server's one
 * thread always did: in interleaved checkout benches the shared module ran 2–5% slower there.
 */
function sharedPgliteModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    return wasm.compile(await readFile(path.join(dist, "pglite.wasm")));
  })();
  return compiled;
}

export async function startPgliteThread(options: WorkerOptions): Promise<PgliteThread> {
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
    workerData: {
      ...options,
      pgliteModule: threadsStarted++ === 0 ? undefined : await sharedPgliteModule(),
    } satisfies WorkerOptions,
    transferList: options.template ? [options.template] : [],
  });
  const streams = new Map<number, WorkerStream>();
  let nextId = 1;
  let pendingDump: ((tar: ArrayBuffer) => void) | undefined;
  let closing: (() => void) | undefined;
  const send = (message: ToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);

  await new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", function first(message: FromWorker) {
      if (message.t === "ready") resolve();
      if (message.t === "failed") reject(new Error(`PGlite did not start: ${message.message}`));
      worker.off("message", first);
      worker.off("error", reject);
    });
  });
  worker.on("message", (message: FromWorker) => {
    if (message.t === "data") streams.get(message.id)?.receive(message.bytes);
    else if (message.t === "broken") streams.get(message.id)?.destroy(new Error(`PGlite failed: ${message.message}`));
    else if (message.t === "dump") pendingDump?.(message.tar);
    else if (message.t === "closed") closing?.();
  });
  // A dead worker fails every open connection, and every later one at once (their queries answer
  // 503), rather than leaving them waiting for an answer that cannot come.
  let gone: Error | undefined;
  const fail = (error: Error) => {
    gone ??= error;
    for (const stream of streams.values()) stream.destroy(gone);
  };
  worker.on("error", fail);
  worker.on("exit", () => fail(new Error("PGlite's thread has stopped")));
  // The thread keeps the process alive only while a connection is in use (pg's pool unrefs its
  // idle connections, allowExitOnIdle) or a dump or close is pending: a finished script exits.
  const inUse = new Set<number>();
  let waits = 0;
  const holdProcess = () => (inUse.size > 0 || waits > 0 ? worker.ref() : worker.unref());
  const waitFor = async <T>(work: Promise<T>): Promise<T> => {
    waits++;
    holdProcess();
    try {
      return await work;
    } finally {
      waits--;
      holdProcess();
    }
  };

  class WorkerStream extends Duplex {
    readonly id = nextId++;
    connect() {
      if (gone) {
        const error = gone;
        process.nextTick(() => this.destroy(error));
        return this;
      }
      streams.set(this.id, this);
      this.ref();
      send({ t: "open", id: this.id });
      process.nextTick(() => this.emit("connect"));
      return this;
    }
    receive(bytes: Uint8Array) {
      this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    setNoDelay() {
      return this;
    }
    setKeepAlive() {
      return this;
    }
    ref() {
      inUse.add(this.id);
      holdProcess();
      return this;
    }
    unref() {
      inUse.delete(this.id);
      holdProcess();
      return this;
    }
    override _read() {}
    override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
      const bytes = new Uint8Array(chunk);
      send({ t: "data", id: this.id, bytes }, [bytes.buffer as ArrayBuffer]);
      done();
    }
    override _writev(chunks: Array<{ chunk: Buffer }>, done: (error?: Error | null) => void) {
      const bytes = new Uint8Array(Buffer.concat(chunks.map((c) => c.chunk)));
      send({ t: "data", id: this.id, bytes }, [bytes.buffer as ArrayBuffer]);
      done();
    }
    override _final(done: (error?: Error | null) => void) {
      this.leave();
      this.push(null);
      done();
    }
    override _destroy(error: Error | null, done: (error?: Error | null) => void) {
      this.leave();
      done(error);
    }
    private leave() {
      this.unref();
      if (!streams.delete(this.id)) return;
      send({ t: "close", id: this.id });
    }
  }

  return {
    connect: () => new WorkerStream(),
    dump: () =>
      waitFor(
        new Promise((resolve) => {
          pendingDump = (tar) => resolve(new Blob([tar]));
          send({ t: "dump" });
        }),
      ),
    close: async () => {
      await waitFor(
        new Promise<void>((resolve) => {
          closing = resolve;
          send({ t: "shutdown" });
        }),
      );
      await worker.terminate();
    },
  };
}
