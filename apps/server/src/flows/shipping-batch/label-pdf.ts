import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { formatMoney } from "@shop/contract/format";
import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";

/** What one shipment label shows. */
export interface ShipmentLabel {
  carrier: string;
  /** The shipment's number (寄件代碼 / 託運單號), drawn as Code 128. */
  number: string;
  orderNo: string;
  receiver: string;
  /** The pick-up store (name, id, address) or the delivery address. */
  destination: string;
  goods: string;
  /** Cash the store or driver collects (0 = none). */
  collect: number;
}

const require = createRequire(import.meta.url);
let font: Promise<Buffer> | undefined;
/** Noto Sans Hant (OFL), the same embedded subset as the invoice PDF (modules/invoices/pdf.ts). */
const fontData = () => {
  font ??= readFile(path.join(path.dirname(require.resolve("@embedpdf/fonts-tc")), "../fonts/NotoSansHant-Regular.otf"));
  return font;
};

/** One A6 page per shipment: carrier, number as a Code 128 barcode, receiver, store or address, goods, cash to collect. */
export async function shipmentLabelsPdf(labels: ShipmentLabel[], simulated: boolean): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A6", margin: 20, autoFirstPage: false, info: { Title: "出貨標籤" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.registerFont("tc", await fontData());
  for (const l of labels) {
    doc.addPage().font("tc");
    const width = doc.page.width - 40;
    if (simulated) doc.fontSize(8).fillColor("#b45309").text("測試模式：模擬寄件單，不能實際寄件", { width });
    doc.fillColor("#000").fontSize(16).text(l.carrier, { width });
    const barcode = await bwipjs.toBuffer({
      bcid: "code128",
      text: l.number || "-",
      scale: 2,
      height: 12,
      includetext: true,
      textsize: 9,
    });
    doc.moveDown(0.3).image(barcode, { fit: [width, 70], align: "center" });
    doc.moveDown(0.5).fontSize(10);
    const row = (k: string, v: string) => doc.text(`${k}：${v}`, { width });
    row("訂單編號", l.orderNo);
    row("收件人", l.receiver);
    row("送達", l.destination);
    row("商品", l.goods.length > 120 ? `${l.goods.slice(0, 119)}…` : l.goods);
    doc.fontSize(12).text(l.collect > 0 ? `代收金額：${formatMoney(l.collect)}` : "代收金額：無（已付款）", { width });
  }
  if (labels.length === 0) doc.addPage().font("tc").fontSize(12).text("沒有可列印的標籤");
  doc.end();
  return done;
}
