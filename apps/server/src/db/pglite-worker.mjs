// @ts-check
// The embedded database's own thread. PGlite runs every statement on the thread that owns it, so
// in the server's thread HTTP, rendering and SQL queued behind each other on one core. Here it
// owns a worker thread, and the server talks to it with the PostgreSQL wire protocol (node-postgres
// over a message port, see pglite-thread.ts).
//
// Plain JavaScript (type-checked through JSDoc): a TypeScript worker would load tsx into its own
// thread, which costs about 60 MB resident.
//
// PGlite is one backend session. Several client connections share it the way PGlite's own mutex
// shared it in-process: one unit of work at a time, where a unit is a connection's messages up to
// its Sync (or one simple Query), so two connections' extended-protocol steps never interleave;
// and while a transaction is open only its connection's units run, so transactions are serial
// exactly as before.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

/** @typedef {import("./pglite-thread.js").ToWorker} ToWorker */
/** @typedef {import("./pglite-thread.js").FromWorker} FromWorker */
/** @typedef {import("./pglite-thread.js").WorkerOptions} WorkerOptions */
/**
 * @typedef {object} Connection
 * @property {number} id
 * @property {Buffer} partial bytes received that do not yet make a whole message
 * @property {Uint8Array[]} messages whole messages of the unit being received
 * @property {boolean} started whether the startup message (which has no type byte) has been seen
 * @property {Set<string>} statements the named prepared statements it made (as renamed here)
 */
/**
 * A unit of work; `close` rolls back the connection's open transaction instead.
 * @typedef {{ connection: Connection; messages: Uint8Array[]; close?: boolean }} Unit
 */

const port = (() => {
  if (!parentPort) throw new Error("pglite-worker.mjs runs as a worker thread");
  return parentPort;
})();
const options = /** @type {WorkerOptions} */ (workerData);
const SHARED_BUFFERS = "16MB";
/** @type {Map<number, Connection>} */
const connections = new Map();
/** @type {Unit[]} */
const queue = [];
/** The connection whose transaction is open; only its units may run. */
/** @type {Connection | undefined} */
let owner;
let running = false;

/** @param {FromWorker} message @param {ArrayBuffer[]} [transfer] */
const post = (message, transfer = []) => port.postMessage(message, transfer);

/** @param {Connection} connection @param {Uint8Array} bytes */
function receive(connection, bytes) {
  let buffer = connection.partial.length ? Buffer.concat([connection.partial, bytes]) : Buffer.from(bytes);
  for (;;) {
    if (!connection.started) {
      // StartupMessage: int32 length, int32 protocol version, parameters; no type byte.
      if (buffer.length < 4 || buffer.length < buffer.readInt32BE(0)) break;
      const length = buffer.readInt32BE(0);
      connection.started = true;
      queue.push({ connection, messages: [new Uint8Array(buffer.subarray(0, length))] });
      buffer = buffer.subarray(length);
      continue;
    }
    if (buffer.length < 5) break;
    const length = 1 + buffer.readInt32BE(1);
    if (buffer.length < length) break;
    const type = buffer[0];
    const message = new Uint8Array(buffer.subarray(0, length));
    buffer = buffer.subarray(length);
    // Terminate ends the client's connection, not the one backend session all clients share.
    if (type === 0x58 /* X */) continue;
    connection.messages.push(ownStatementNames(connection, message));
    // Sync ends an extended-protocol exchange; a simple Query stands alone; Flush asks for output.
    if (type === 0x53 /* S */ || type === 0x51 /* Q */ || type === 0x48 /* H */) {
      queue.push({ connection, messages: connection.messages });
      connection.messages = [];
    }
  }
  connection.partial = Buffer.from(buffer);
}

/**
 * Prepared statement names belong to a connection, but every connection here shares PGlite's one
 * session: two clients preparing "product_detail" would collide. Each connection's names get its
 * own prefix in Parse, Bind, Describe and Close (the unnamed statement needs none: a unit runs to
 * its Sync alone).
 * @param {Connection} connection @param {Uint8Array} message
 */
function ownStatementNames(connection, message) {
  const type = message[0];
  const bytes = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  /** @param {number} at where the name starts @returns {Uint8Array} */
  const renameAt = (at) => {
    const end = bytes.indexOf(0, at);
    if (end === at) return message;
    const name = `c${connection.id}_${bytes.toString("utf8", at, end)}`;
    if (type === 0x50 /* P */) connection.statements.add(name);
    if (type === 0x43 /* C */) connection.statements.delete(name);
    const out = Buffer.concat([bytes.subarray(0, at), Buffer.from(name, "utf8"), bytes.subarray(end)]);
    out.writeInt32BE(out.length - 1, 1);
    return new Uint8Array(out);
  };
  // Parse: name first. Bind: portal, then statement. Describe and Close: 'S' for a statement.
  if (type === 0x50) return renameAt(5);
  if (type === 0x42 /* B */) return renameAt(bytes.indexOf(0, 5) + 1);
  if ((type === 0x44 /* D */ || type === 0x43) && bytes[5] === 0x53 /* S */) return renameAt(6);
  return message;
}

/** @returns {Unit | undefined} */
function nextUnit() {
  if (!owner) return queue.shift();
  const index = queue.findIndex((unit) => unit.connection === owner);
  return index === -1 ? undefined : queue.splice(index, 1)[0];
}

/** @param {PGlite} db */
async function pump(db) {
  if (running) return;
  running = true;
  try {
    for (let unit = nextUnit(); unit; unit = nextUnit()) {
      const { connection } = unit;
      if (unit.close) {
        // A client that leaves inside its transaction (a crash, a cut) must not leave it open.
        if (owner === connection && db.isInTransaction()) await db.execProtocolRaw(simpleQuery("rollback"));
        if (owner === connection) owner = undefined;
        for (const name of connection.statements) await db.execProtocolRaw(simpleQuery(`deallocate "${name}"`));
        continue;
      }
      /** @type {Uint8Array[]} */
      const out = [];
      let size = 0;
      try {
        await db.runExclusive(async () => {
          for (const message of unit.messages) {
            await db.execProtocolRawStream(message, {
              onRawData: (data) => {
                out.push(data.slice());
                size += data.length;
              },
            });
          }
        });
      } catch (error) {
        // PGlite itself failed (not an SQL error, which is an answer): this client's exchange is lost.
        connections.delete(connection.id);
        post({ t: "broken", id: connection.id, message: error instanceof Error ? error.message : String(error) });
      }
      owner = db.isInTransaction() ? connection : undefined;
      if (!connections.has(connection.id) || size === 0) continue;
      const bytes = new Uint8Array(size);
      let offset = 0;
      for (const chunk of out) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      post({ t: "data", id: connection.id, bytes }, [bytes.buffer]);
    }
  } finally {
    running = false;
  }
}

/** @param {string} text @returns {Uint8Array} */
function simpleQuery(text) {
  const body = Buffer.from(`${text}\0`, "utf8");
  const message = Buffer.alloc(5 + body.length);
  message[0] = 0x51;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return new Uint8Array(message);
}

async function start() {
  // PostgreSQL's default 128 MB of shared buffers live inside the WASM heap whether used or not; a
  // shop's working set is far smaller, and pages beyond it come from the file (or memory) system.
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`];
  const db = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.template ? new Blob([options.template]) : undefined,
    pgliteWasmModule: options.pgliteModule,
    startParams,
  });
  await db.waitReady;
  port.on("message", (/** @type {ToWorker} */ message) => {
    switch (message.t) {
      case "open":
        connections.set(message.id, {
          id: message.id,
          partial: Buffer.alloc(0),
          messages: [],
          started: false,
          statements: new Set(),
        });
        return;
      case "data": {
        const connection = connections.get(message.id);
        if (connection) receive(connection, message.bytes);
        break;
      }
      case "close": {
        const connection = connections.get(message.id);
        connections.delete(message.id);
        if (connection) queue.push({ connection, messages: [], close: true });
        break;
      }
      case "dump":
        void db.dumpDataDir("none").then(async (tar) => {
          const buffer = await tar.arrayBuffer();
          post({ t: "dump", tar: buffer }, [buffer]);
        });
        return;
      case "shutdown":
        void db.close().then(() => post({ t: "closed" }));
        return;
    }
    void pump(db);
  });
  post({ t: "ready" });
}

start().catch((error) => post({ t: "failed", message: error instanceof Error ? error.message : String(error) }));
