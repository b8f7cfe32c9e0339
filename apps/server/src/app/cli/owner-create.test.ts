import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../db/client.js";
import { serverDir } from "../../lib/server-dir.js";
import { createStaffService } from "../../modules/staff/service.js";

/**
 * The real command, as a process: an empty embedded database in a fresh DATA_DIR, the password on
 * standard input (as a script pipes it), then the same command again, which must refuse.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-owner-cli-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function ownerCreate(args: string[], stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/app/cli/index.ts", "owner-create", ...args], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: "development", DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  child.stdin.end(stdin);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run owner:create, as a process", () => {
  test("makes the owner from a piped password on an empty database, then refuses a second time", async () => {
    const first = await ownerCreate(["--username", "boss", "--name", "王老闆"], "piped secret 123\n");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Owner "boss"');

    // The owner signs in with exactly the line that was piped in.
    const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      const signedIn = await createStaffService(database.db).login({ username: "boss", password: "piped secret 123" });
      expect(signedIn.staff).toMatchObject({ username: "boss", name: "王老闆", role: "owner" });
    } finally {
      await database.close();
    }

    const second = await ownerCreate(["--username", "boss2"], "another secret 456\n");
    expect(second.code).toBe(1);
    expect(second.stderr).toContain("An active owner already exists");
    expect(second.stdout).toBe("");
  }, 120_000);
});
