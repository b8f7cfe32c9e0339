import { Button, Card, CardContent, FormControlLabel, Radio, RadioGroup, Stack, Typography } from "@mui/material";
import { MAIN_SHOP_ID } from "@shop/contract";
import type { StoreContract } from "@shop/contract/shipping";
import { useEffect, useState } from "react";
import { Title, useNotify, usePermissions } from "react-admin";
import { adminApi } from "./api";

interface View {
  contract: StoreContract;
  own: boolean;
}

/**
 * 超商取貨合約 (decision 90): the shop's ECPay store pick-up contract — 店到店 (C2C, the default) or
 * B2C from the shop's warehouse (7-ELEVEN 大智通 / 全家 / 萊爾富; no OK). It chooses the store map's
 * sub-types and how shipments are made; sub-malls follow the main mall's.
 */
export function StoreContractPage() {
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const [view, setView] = useState<View | null>(null);
  const [choice, setChoice] = useState<StoreContract>("c2c");
  const url = `/shops/${MAIN_SHOP_ID}/store_contract`;
  useEffect(() => {
    adminApi<View>(url)
      .then((v) => {
        setView(v);
        setChoice(v.contract);
      })
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [notify, url]);
  if (!view) return null;
  const save = async () => {
    try {
      setView(await adminApi<View>(url, { method: "PUT", body: { contract: choice } }));
      notify("超商取貨合約已儲存", { type: "success" });
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="超商取貨合約" />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            與綠界簽訂的超商物流合約。B2C 由倉庫出貨到物流中心，列印一段標；子商城沿用主商城的設定。
          </Typography>
          <RadioGroup value={choice} onChange={(e) => setChoice(e.target.value as StoreContract)}>
            <FormControlLabel value="c2c" control={<Radio />} label="C2C 店到店（7-ELEVEN、全家、萊爾富、OK，至門市寄件）" />
            <FormControlLabel value="b2c" control={<Radio />} label="B2C 大宗寄倉（7-ELEVEN、全家、萊爾富，不提供 OK）" />
          </RadioGroup>
          {permissions?.includes("settings.write") ? (
            <Button variant="contained" onClick={save} sx={{ alignSelf: "flex-start" }}>
              儲存
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
