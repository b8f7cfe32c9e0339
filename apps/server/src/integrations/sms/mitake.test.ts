import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MitakeSmsSender, parseMitakeAnswer } from "./mitake.js";

/** A local Mitake that speaks the SmSend protocol: form in, `[1]` key=value block out. */
let server: http.Server;
let url = "";
const received: URLSearchParams[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const form = new URLSearchParams(body);
      received.push(form);
      const status = form.get("password") !== "secret" ? "e" : form.get("dstaddr")?.startsWith("09") ? "1" : "v";
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      res.end(`[1]\r\nmsgid=#000000001\r\nstatuscode=${status}\r\nAccountPoint=98\r\n`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mtk/SmSend?CharsetURL=UTF-8`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("Mitake SMS", () => {
  it("posts the form and accepts status 0–4", async () => {
    await new MitakeSmsSender({ url, username: "shop", password: "secret" }).send("0912345678", "您的驗證碼為 123456");
    const form = received.at(-1);
    expect(form?.get("username")).toBe("shop");
    expect(form?.get("dstaddr")).toBe("0912345678");
    expect(form?.get("smbody")).toBe("您的驗證碼為 123456");
  });

  it("raises on bad credentials and bad numbers", async () => {
    await expect(new MitakeSmsSender({ url, username: "shop", password: "wrong" }).send("0912345678", "x")).rejects.toThrow(
      "statuscode e",
    );
    await expect(new MitakeSmsSender({ url, username: "shop", password: "secret" }).send("1234", "x")).rejects.toThrow(
      "statuscode v",
    );
  });

  it("reads the answer block", () => {
    expect(parseMitakeAnswer("[1]\nmsgid=#1\nstatuscode=4\nAccountPoint=7\n")).toEqual({
      msgid: "#1",
      statuscode: "4",
      accountPoint: "7",
    });
    expect(parseMitakeAnswer("garbage").statuscode).toBe("");
  });
});
