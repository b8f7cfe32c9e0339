import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, staffTokens, type TestApp } from "../../test/harness.js";

let t: TestApp;
let operator = "";
beforeAll(async () => {
  t = await createTestApp();
  ({ operator } = await staffTokens(t));
});
afterAll(() => t.close());

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a complete, valid 1-bit greyscale PNG of width × height black pixels
 * (every row written out and deflated), a few dozen kilobytes that decode to width × height pixels.
 */
function pngBomb(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  // Each row: filter byte 0, then width bits of zero.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function upload(name: string, type: string, content: Buffer) {
  const boundary = "----shopUploadLimits";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  const r = await t.app.inject({
    method: "POST",
    url: "/api/admin/uploads",
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${operator}` },
  });
  return { status: r.statusCode, code: r.headers["x-error-code"], body: r.json() as { message: string } };
}

describe("image uploads: sizes", () => {
  test("a decompression bomb (20000 × 20000 pixels in a small PNG) is refused as too large, before any decoding", async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    // It is a real image: the header says so, and sharp would decode it were there no limit.
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      format: "png",
      width: 20_000,
      height: 20_000,
    });
    const r = await upload("bomb.png", "image/png", bomb);
    expect(r).toEqual({
      status: 413,
      code: "IMAGE_DIMENSIONS_TOO_LARGE",
      body: { status: false, message: "圖片尺寸過大（20000 × 20000 像素），請縮小後再上傳（最大 5,000 萬像素）", data: null },
    });
  });

  test("a file that is no image still gets the format message", async () => {
    const r = await upload("notes.png", "image/png", Buffer.from("這不是圖片"));
    expect(r).toMatchObject({
      status: 415,
      code: "IMAGE_FORMAT_UNSUPPORTED",
      body: { message: "只接受 JPG、PNG、WebP、AVIF 或 GIF 圖片" },
    });
  });

  test("an image just inside the limit (7000 × 7000, 49 million pixels) is taken", async () => {
    const r = await upload("big.png", "image/png", pngBomb(7_000, 7_000));
    expect(r.status).toBe(200);
  });

  test("a strip far longer than wide (100 × 20000) is refused in words, not with a 500", async () => {
    const r = await upload("strip.png", "image/png", pngBomb(100, 20_000));
    expect(r.status).toBe(400);
    expect(r.code).toBe("IMAGE_ASPECT_TOO_EXTREME");
    expect(r.body.message).toBe("圖片長寬比例過於懸殊（最多 1:10），請裁切後再上傳");
  });
});
