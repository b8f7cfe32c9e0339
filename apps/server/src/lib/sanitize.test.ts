import { describe, expect, test } from "vitest";
import { sanitizeRichText } from "./sanitize.js";

describe("rich text sanitising", () => {
  test.each([
    ["<p>hi</p><script>alert(1)</script>", "<p>hi</p>"],
    ['<img src="/x.png" onerror="alert(1)">', '<img src="/x.png" loading="lazy" />'],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<p style="position:fixed" onclick="x()">t</p>', "<p>t</p>"],
    ['<iframe src="https://evil.example/x"></iframe>', ""],
    ["<svg><script>alert(1)</script></svg>", ""],
  ])("%s", (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });

  test("keeps formatting, links, images and YouTube embeds", () => {
    const html =
      '<h3>規格</h3><ul><li>75g</li></ul><a href="https://example.com" target="_blank">看更多</a><iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>';
    const out = sanitizeRichText(html);
    expect(out).toContain("<h3>規格</h3><ul><li>75g</li></ul>");
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain("youtube-nocookie.com/embed/abc");
  });
});
