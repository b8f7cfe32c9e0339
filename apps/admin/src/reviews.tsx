import { Box, Button, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import type { AdminReview } from "@shop/contract/reviews";
import { useState } from "react";
import {
  Datagrid,
  FunctionField,
  List,
  type RaRecord,
  SelectInput,
  TextField,
  usePermissions,
  useRecordContext,
} from "react-admin";
import { useAdminAction } from "./actions";
import { labelChoices, TaipeiDateField } from "./fields";

const STATUS_LABELS = { pending: "待審核", approved: "已核准", hidden: "已隱藏" } as const;
const stars = (n: number) => "★".repeat(n) + "☆".repeat(5 - n);

/** A review's photos, text, reply box and 核准 / 隱藏 (each audited on the server; decision 98). */
function ReviewPanel() {
  const r = useRecordContext<AdminReview & RaRecord>();
  const { permissions } = usePermissions<string[]>();
  const act = useAdminAction();
  const [reply, setReply] = useState(r?.reply ?? "");
  if (!r) return null;
  const canWrite = permissions?.includes("catalogue.write");
  return (
    <Stack spacing={1.5} sx={{ p: 2 }} data-testid="review-panel">
      <Typography sx={{ whiteSpace: "pre-wrap" }}>{r.body || "（沒有文字）"}</Typography>
      {r.photos.length > 0 ? (
        <Stack direction="row" spacing={1}>
          {r.photos.map((p, n) => (
            <a key={p} href={p} target="_blank" rel="noopener noreferrer">
              <img src={`/img/160${p}`} alt={`買家照片 ${n + 1}`} width={80} height={80} style={{ objectFit: "cover" }} />
            </a>
          ))}
        </Stack>
      ) : null}
      <Typography variant="body2" color="text.secondary">{`訂單 ${r.order_no}｜會員 #${r.member_id}`}</Typography>
      {canWrite ? (
        <Box>
          <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
            {r.status !== "approved" ? (
              <Button variant="contained" onClick={() => act(`/reviews/${r.id}/approve`, {}, "評價已核准，將顯示在商品頁")}>
                核准
              </Button>
            ) : null}
            {r.status !== "hidden" ? (
              <Button variant="outlined" color="warning" onClick={() => act(`/reviews/${r.id}/hide`, {}, "評價已隱藏")}>
                隱藏
              </Button>
            ) : null}
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} alignItems="flex-start">
            <MuiTextField
              label="店家回覆（顯示於評價下方，留空則移除）"
              multiline
              minRows={2}
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              sx={{ minWidth: { sm: 420 } }}
            />
            <Button onClick={() => act(`/reviews/${r.id}/reply`, { reply }, "已回覆評價")}>送出回覆</Button>
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

/** 商品評價: pending first, approved and hidden by the filter; expand a row to read, approve, hide or reply. */
export const ReviewList = () => (
  <List
    exporter={false}
    title="商品評價"
    filterDefaultValues={{ status: "pending" }}
    filters={[<SelectInput key="status" source="status" label="狀態" alwaysOn choices={labelChoices(STATUS_LABELS)} />]}
  >
    <Datagrid bulkActionButtons={false} rowClick="expand" expand={<ReviewPanel />}>
      <TaipeiDateField source="created_at" label="時間" />
      <TextField source="product_name" label="商品" />
      <FunctionField label="評分" render={(r: RaRecord) => `${stars(r.rating)}（${r.rating}）`} />
      <TextField source="author" label="買家" />
      <FunctionField label="內容" render={(r: RaRecord) => String(r.body).slice(0, 40) || "—"} />
      <FunctionField label="照片" render={(r: RaRecord) => (r.photos as string[]).length} />
      <FunctionField label="狀態" render={(r: RaRecord) => STATUS_LABELS[r.status as keyof typeof STATUS_LABELS] ?? r.status} />
    </Datagrid>
  </List>
);
