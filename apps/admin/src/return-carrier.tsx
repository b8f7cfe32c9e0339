import { Button, Chip, MenuItem, TextField as MuiTextField } from "@mui/material";
import { useEffect, useState } from "react";
import { useRecordContext } from "react-admin";
import { useAdminAction } from "./actions";
import { adminApi } from "./api";

/** How an approved return comes back (逆物流, decision 91); "" = the buyer arranges it. */
const CARRIERS = [
  { id: "cvs_711", name: "7-ELEVEN 門市寄回" },
  { id: "cvs_family", name: "全家門市寄回" },
  { id: "cvs_hilife", name: "萊爾富門市寄回" },
  { id: "tcat", name: "黑貓到府取件" },
  { id: "", name: "買家自行寄回" },
];

/** 核准 with the carrier staff choose: the order's own chain for a store pick-up, 黑貓 for home delivery. */
export function ApproveByCarrier() {
  const r = useRecordContext();
  const act = useAdminAction();
  const [carrier, setCarrier] = useState<string | null>(null);
  const [storeCode, setStoreCode] = useState("");
  useEffect(() => {
    if (!r?.id) return;
    adminApi<{ return_carrier: string | null }>(`/returns/${r.id}/default_carrier`)
      .then((d) => setCarrier((c) => c ?? d.return_carrier ?? ""))
      .catch(() => setCarrier((c) => c ?? ""));
  }, [r?.id]);
  if (!r) return null;
  const chosen = carrier ?? "";
  return (
    <>
      <MuiTextField
        select
        size="small"
        label="退貨方式"
        value={chosen}
        onChange={(e) => setCarrier(e.target.value)}
        sx={{ minWidth: 170 }}
        slotProps={{ htmlInput: { "data-testid": "return-carrier" } }}
      >
        {CARRIERS.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </MuiTextField>
      {chosen === "" ? (
        <MuiTextField
          size="small"
          label="超商退貨寄件代碼（選填）"
          value={storeCode}
          onChange={(e) => setStoreCode(e.target.value)}
          helperText="留空則請買家寄回商城的退貨地址"
          sx={{ minWidth: 200 }}
        />
      ) : null}
      <Button
        size="small"
        variant="contained"
        disabled={carrier === null}
        onClick={() =>
          act(
            `/returns/${r.id}/approve`,
            { return_carrier: chosen || null, store_return_code: chosen ? "" : storeCode },
            chosen ? "已核准並建立退貨寄件，已通知買家" : "已核准，並通知買家寄回",
          )
        }
      >
        核准
      </Button>
    </>
  );
}

/** The return parcel's progress (「包裹已退回」 when it is back), and in 測試模式 a button for the next carrier push. */
export function ReturnParcel() {
  const r = useRecordContext();
  const act = useAdminAction();
  const send = r?.send_back as { carrier: string | null; store_code: string; parcel_status: string; parcel_label: string } | null;
  if (!r || !send?.carrier) return null;
  const name = CARRIERS.find((c) => c.id === send.carrier)?.name ?? "";
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        label={`${name}${send.store_code ? ` ${send.store_code}` : ""}：${send.parcel_label}`}
      />
      {send.parcel_status !== "back" ? (
        <Button size="small" onClick={() => act(`/returns/${r.id}/simulate_parcel`, {}, "已送出模擬的物流狀態")}>
          測試模式：下一個物流狀態
        </Button>
      ) : null}
    </>
  );
}
