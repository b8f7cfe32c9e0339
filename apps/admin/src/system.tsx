import {
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { formatDateTime } from "@shop/contract/format";
import type { SystemStatus } from "@shop/contract/responses";
import { useCallback, useEffect, useState } from "react";
import { Title, useNotify, usePermissions } from "react-admin";
import { adminApi } from "./api";
import { CHANNEL_LABELS, MODE_LABELS } from "./channels";

const when = (at: string | null) => (at ? formatDateTime(at) : "—");
const MODE_COLOR = { real: "success", simulator: "warning", off: "default" } as const;

/** What 待處理異常 counts, in an operator's words (the same figures /metrics exports). */
const STUCK: Array<[keyof SystemStatus["stuck"], string]> = [
  ["jobs_failed", "背景工作失敗（已重試 5 次）"],
  ["outbox_stuck", "通知待發送超過 15 分鐘"],
  ["outbox_failed", "通知發送失敗"],
  ["invoices_parked", "發票待處理"],
  ["payments_in_doubt", "付款結果待確認"],
  ["payments_wrong_amount", "虛擬帳號金額不符"],
  ["orders_overdue", "逾期未取消的待付款訂單"],
  ["shipments_silent", "綠界寄件超過 3 天沒有物流狀態"],
];

/** 系統狀態 (decision 75): each outside provider, stuck work, and background jobs that gave up. */
export function SystemPage() {
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const [s, setS] = useState<SystemStatus | null>(null);
  const load = useCallback(() => {
    adminApi<SystemStatus>("/system")
      .then(setS)
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [notify]);
  useEffect(load, [load]);
  const act = async (id: number, action: "retry" | "dismiss") => {
    try {
      await adminApi(`/system/jobs/${id}/${action}`, { body: {} });
      notify(action === "retry" ? "已重新排入執行" : "已略過此工作", { type: "success" });
      load();
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  if (!s) return null;
  const canAct = permissions?.includes("system.write");
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="系統狀態" />
      <Card>
        <CardContent>
          <Typography variant="h6">外部服務</Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>服務</TableCell>
                <TableCell>狀態</TableCell>
                <TableCell>最近成功</TableCell>
                <TableCell>最近失敗</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.providers.map((p) => (
                <TableRow key={p.channel} data-testid={`provider-${p.channel}`}>
                  <TableCell>{CHANNEL_LABELS[p.channel]}</TableCell>
                  <TableCell>
                    <Chip size="small" label={MODE_LABELS[p.mode]} color={MODE_COLOR[p.mode]} />
                  </TableCell>
                  <TableCell>{when(p.last_success_at)}</TableCell>
                  <TableCell>
                    {when(p.last_failure_at)}
                    {p.last_failure ? (
                      <Typography variant="body2" color="error">
                        {p.last_failure}
                      </Typography>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6">待處理異常</Typography>
          <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ flexWrap: "wrap" }}>
            {STUCK.map(([key, label]) => (
              <Typography
                key={key}
                color={s.stuck[key] > 0 ? "error" : "text.secondary"}
              >{`${label}：${s.stuck[key]}`}</Typography>
            ))}
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6">失敗的背景工作</Typography>
          {s.failed_jobs.length === 0 ? <Typography color="text.secondary">目前沒有失敗的背景工作</Typography> : null}
          {s.failed_jobs.length > 0 ? (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>工作</TableCell>
                  <TableCell>最後錯誤</TableCell>
                  <TableCell>放棄時間</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {s.failed_jobs.map((j) => (
                  <TableRow key={j.id} data-testid="failed-job">
                    <TableCell>{`#${j.id} ${j.kind}`}</TableCell>
                    <TableCell>{j.last_error}</TableCell>
                    <TableCell>{when(j.finished_at)}</TableCell>
                    <TableCell>
                      {canAct ? (
                        <Stack direction="row" spacing={1}>
                          <Button size="small" variant="contained" onClick={() => void act(j.id, "retry")}>
                            重新執行
                          </Button>
                          <Button size="small" onClick={() => void act(j.id, "dismiss")}>
                            略過
                          </Button>
                        </Stack>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </CardContent>
      </Card>
    </Stack>
  );
}
