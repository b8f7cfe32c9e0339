import { z } from "zod";

// One place sets how validation messages read: Traditional Chinese, phrased for shoppers.
// Specific schemas pass their own message; this covers the generic cases.
z.config(z.locales.zhTW());
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type") {
      if (issue.input === undefined) return "此欄位為必填";
      const expected: Record<string, string> = {
        string: "文字",
        number: "數字",
        int: "整數",
        boolean: "是或否",
        object: "物件",
        array: "清單",
      };
      return `格式錯誤，應為${expected[issue.expected] ?? issue.expected}`;
    }
    if (issue.code === "unrecognized_keys") return `不接受的欄位：${issue.keys.join("、")}`;
    if (issue.code === "too_small" && issue.origin === "string") {
      return issue.minimum === 1 ? "此欄位為必填" : `至少需要 ${issue.minimum} 個字`;
    }
    if (issue.code === "too_big" && issue.origin === "string") return `最多 ${issue.maximum} 個字`;
    return undefined;
  },
});

export { z };
