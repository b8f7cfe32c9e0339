// `npm run owner:create -- --username <name> [--name <display name>]`: the shop's first owner.
// A production start seeds no staff, and the back office only lets an owner add staff; this makes
// the first one. The rules are the staff module's (createFirstOwner); this file reads the
// arguments and the password and says what happened, in English, for the operator.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import type { FieldError } from "@shop/contract";
import { staffInput } from "@shop/contract/admin";
import type { Database } from "../../db/client.js";
import { DomainError } from "../../lib/errors.js";
import { createStaffService } from "../../modules/staff/service.js";

const USAGE = `Usage: npm run owner:create -- --username <name> [--name <display name>]
  (in the production image: node apps/server/dist/cli.mjs owner-create --username <name>)

Creates the shop's first owner for the back office (/admin) when no active owner exists, on the
configured database (DATABASE_URL, else the embedded one in DATA_DIR/db; stop a server running on
the embedded database first). The password is asked twice on the terminal, or read from the first
line of standard input when it is not a terminal:
  printf '%s\\n' "$PASSWORD" | npm run owner:create -- --username boss`;

/** What each field must be, in the back office's rules (@shop/contract's staffInput). */
const FIELD_RULES: Record<string, string> = {
  username: "The username must be 3 to 40 characters: lowercase letters a-z, digits, '_', '.' or '-'.",
  name: "The display name (--name) must be 1 to 40 characters.",
  password: "The password is too weak: staff passwords must be 10 to 200 characters long.",
};

const REFUSALS: Record<string, string> = {
  OWNER_EXISTS:
    "An active owner already exists: nothing was changed. The owner adds staff in the back office (/admin, 員工管理).",
};

const describe = (errors: FieldError[]) =>
  errors.map((e) => `${FIELD_RULES[e.field] ?? `${e.field} is invalid.`} (${e.message})`).join("\n");

/** Runs the command; the exit code it returns is 0 only when an owner was created. */
export async function ownerCreate(args: string[], open: () => Promise<Database>): Promise<number> {
  let options: { username?: string; name?: string; help?: boolean };
  try {
    options = parseArgs({
      args,
      options: { username: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  if (!options.username) {
    console.error(`--username is required.\n\n${USAGE}`);
    return 1;
  }
  // The names are checked before the password is asked for; createFirstOwner checks all of it again.
  const shape = staffInput.shape;
  const early = [
    { field: "username", result: shape.username.safeParse(options.username) },
    { field: "name", result: shape.name.safeParse(options.name ?? options.username) },
  ].flatMap(({ field, result }) => (result.success ? [] : [{ field, message: result.error.issues[0]?.message ?? "" }]));
  if (early.length > 0) {
    console.error(describe(early));
    return 1;
  }

  const database = await open();
  try {
    const staff = createStaffService(database.db);
    if (await staff.hasActiveOwner()) {
      console.error(REFUSALS.OWNER_EXISTS);
      return 1;
    }
    const password = await readPassword();
    if (password === undefined) return 1;
    const owner = await staff.createFirstOwner({ username: options.username, name: options.name, password });
    console.log(
      `Owner "${owner.username}" (${owner.name}, staff #${owner.id}) created on the ${database.driver} database. ` +
        "Sign in at /admin; add the other staff there.",
    );
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const fields = (error.data as { errors?: FieldError[] } | null)?.errors;
    console.error(
      error.code === "USERNAME_TAKEN"
        ? `The username "${options.username}" is already used by a staff account; choose another. Nothing was changed.`
        : fields?.length
          ? describe(fields)
          : (REFUSALS[error.code] ?? `Refused: ${error.message} (${error.code})`),
    );
    return 1;
  } finally {
    await database.close();
  }
}

/** The password: asked twice without echo on a terminal, else the first line of standard input. */
async function readPassword(): Promise<string | undefined> {
  if (!process.stdin.isTTY) {
    const line = await firstLine();
    if (line === undefined) {
      console.error(
        "No password: standard input is not a terminal and gave no line. Pipe the password in " +
          "(printf '%s\\n' \"$PASSWORD\" | …) or run the command in a terminal (docker exec -it).",
      );
      return undefined;
    }
    return line;
  }
  const first = await askHidden("Password for the new owner: ");
  const again = first === undefined ? undefined : await askHidden("Password again: ");
  if (first === undefined || again === undefined) {
    console.error("Cancelled: nothing was changed.");
    return undefined;
  }
  if (first !== again) {
    console.error("The two passwords differ: nothing was changed.");
    return undefined;
  }
  return first;
}

function firstLine(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    let line: string | undefined;
    lines.once("line", (l) => {
      line = l;
      lines.close();
    });
    lines.once("close", () => resolve(line));
  });
}

/** Reads a line from the terminal in raw mode, echoing nothing; undefined after Ctrl-C or Ctrl-D. */
function askHidden(prompt: string): Promise<string | undefined> {
  const input = process.stdin;
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding("utf8");
  input.resume();
  return new Promise((resolve) => {
    let value = "";
    const finish = () => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
    };
    function onData(chunk: string) {
      if (chunk.startsWith("\u001b")) return; // arrow and function keys
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          finish();
          resolve(value);
          return;
        }
        if (ch === "\u0003" || ch === "\u0004") {
          finish();
          resolve(undefined);
          return;
        }
        if (ch === "\u007f" || ch === "\b") value = [...value].slice(0, -1).join("");
        else if (ch >= " ") value += ch;
      }
    }
    input.on("data", onData);
  });
}
