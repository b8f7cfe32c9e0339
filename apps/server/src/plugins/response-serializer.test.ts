import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseSerializer } from "./response-serializer.js";

const schema = z.object({
  status: z.boolean(),
  data: z.object({ id: z.number(), lines: z.array(z.object({ qty: z.number() })) }),
});
const serialize = (strict: boolean) =>
  responseSerializer(strict)({ schema, method: "GET", url: "/api/x", httpStatus: "200" } as never) as (data: unknown) => string;

describe("the response serializer", () => {
  const leaky = { status: true, data: { id: 1, password_hash: "x", lines: [{ qty: 2, cost: 5 }] } };

  it("in production leaves out what the schema does not list", () => {
    expect(JSON.parse(serialize(false)(leaky))).toEqual({ status: true, data: { id: 1, lines: [{ qty: 2 }] } });
  });

  it("in development and tests refuses an answer with undeclared fields, naming them", () => {
    expect(() => serialize(true)(leaky)).toThrow("data.password_hash, data.lines[0].cost");
    expect(serialize(true)({ status: true, data: { id: 1, lines: [] } })).toBe('{"status":true,"data":{"id":1,"lines":[]}}');
  });

  it("refuses an answer of the wrong shape in either mode", () => {
    for (const strict of [false, true]) expect(() => serialize(strict)({ status: "yes", data: null })).toThrow();
  });
});
