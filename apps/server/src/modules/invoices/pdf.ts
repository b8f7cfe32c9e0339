import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { formatMoney } from "@shop/contract/format";
import { formatInvoiceNo } from "@shop/contract/invoice";
import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";
import { taxOf } from "./lines.js";
import type { Invoice } from "./service.js";

/** The company that issues the invoice (the main mall's footer details, decision 55). */
export interface InvoiceSeller {
  company: string;
  taxId: string;
  address: string;
}

const require = createRequire(import.meta.url);
let font: Promise<Buffer> | undefined;
/** Noto Sans Hant (OFL), from npm: embedded as a subset, so the PDF reads the same on any machine. */
const fontData = () => {
  // The package exports only its index (dist/): the font files sit beside it in fonts/.
  font ??= readFile(path.join(path.dirname(require.resolve("@embedpdf/fonts-tc")), "../fonts/NotoSansHant-Regular.otf"));
  return font;
};

/** 年期別 as the barcode carries it: the ROC year and the period's even month ("11512"). */
function periodCode(invoiceDate: string) {
  const [y, m] = invoiceDate.split(/[-/ ]/).map(Number) as [number, number];
  return `${y - 1911}${String(m + (m % 2)).padStart(2, "0")}`;
}

/**
 * A company buyer's 電子發票證明聯 (A4, with the items, sales, 5% tax and total, and the Code 39
 * barcode of period + number + random code) as PDF. Only for an issued invoice with a tax id.
 */
export async function invoicePdf(inv: Invoice, seller: InvoiceSeller, simulated: boolean): Promise<Buffer> {
  const date = inv.invoiceDate ?? "";
  const code = `${periodCode(date)}${inv.invoiceNo ?? ""}${inv.randomNumber ?? ""}`;
  const barcode = await bwipjs.toBuffer({ bcid: "code39", text: code, scale: 2, height: 10, includetext: true, textsize: 8 });
  const [y, m] = date.split(/[-/ ]/).map(Number) as [number, number];
  const first = m - ((m - 1) % 2);
  const { sales, tax } = taxOf(inv.amount);

  const doc = new PDFDocument({ size: "A4", margin: 48, info: { Title: `電子發票證明聯 ${inv.invoiceNo ?? ""}` } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.registerFont("tc", await fontData());
  doc.font("tc");

  if (simulated)
    doc.fontSize(11).fillColor("#b45309").text("測試模式：本證明聯由發票模擬服務產生，不具效力", { align: "center" });
  doc
    .fillColor("#000")
    .fontSize(16)
    .text(seller.company || "茶山好物", { align: "center" });
  doc.fontSize(20).text("電子發票證明聯", { align: "center" }).moveDown(0.3);
  doc
    .fontSize(12)
    .text(`${y - 1911}年${String(first).padStart(2, "0")}-${String(first + 1).padStart(2, "0")}月`, { align: "center" });
  doc
    .fontSize(18)
    .text(formatInvoiceNo(inv.invoiceNo ?? ""), { align: "center" })
    .moveDown(0.5);
  const barcodeTop = doc.y;
  doc.image(barcode, (doc.page.width - 300) / 2, barcodeTop, { width: 300, height: 40 });
  doc.y = barcodeTop + 56;

  const rows: Array<[string, string]> = [
    ["開立日期", date],
    ["隨機碼", inv.randomNumber ?? ""],
    ["格式", "25"],
    ["賣方", `${seller.company}　統一編號 ${seller.taxId}`],
    ["賣方地址", seller.address],
    ["買方", inv.buyer.title ?? ""],
    ["買方統一編號", inv.buyer.tax_id ?? ""],
    ["訂單編號", inv.orderNo],
  ];
  doc.fontSize(11);
  for (const [k, v] of rows) doc.text(`${k}：${v}`);
  doc.moveDown();

  const cols = [48, 290, 340, 380, 457];
  const head = ["品名", "數量", "單位", "單價", "金額（含稅）"];
  const rowAt = (cells: string[], top: number) =>
    cells.forEach((c, i) => {
      doc.text(c, cols[i] ?? 48, top, { width: i === 0 ? 235 : i === 4 ? 90 : 45, align: i === 0 ? "left" : "right" });
    });
  rowAt(head, doc.y);
  doc
    .moveTo(48, doc.y + 2)
    .lineTo(547, doc.y + 2)
    .stroke();
  doc.moveDown(0.4);
  for (const l of inv.lines) {
    const top = doc.y;
    rowAt([l.name, String(l.count), l.word, l.price.toLocaleString("en-US"), l.amount.toLocaleString("en-US")], top);
    doc.y = Math.max(doc.y, top + 16);
  }
  doc
    .moveTo(48, doc.y + 2)
    .lineTo(547, doc.y + 2)
    .stroke();
  doc.moveDown(0.6);
  for (const [k, v] of [
    ["銷售額合計", formatMoney(sales)],
    ["營業稅（5%）", formatMoney(tax)],
    ["總計", formatMoney(inv.amount)],
  ])
    doc.text(`${k}　${v}`, 48, doc.y, { align: "right", width: 499 });
  doc.moveDown(2);
  doc
    .fontSize(9)
    .fillColor("#555")
    .text("本證明聯依電子發票開立資料產生；發票已上傳財政部電子發票整合服務平台，可至該平台查詢。");
  doc.end();
  return done;
}
