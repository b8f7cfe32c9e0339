import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from "@mui/material";
import type { StaffSessionView, StaffView } from "@shop/contract/admin";
import { formatDateTime } from "@shop/contract/format";
import { useCallback, useEffect, useState } from "react";
import { Confirm, Title, useLogoutIfAccessDenied, useNotify, useRecordContext, useRefresh } from "react-admin";
import { adminApi } from "./api";

/** "Chrome（Windows）" from a user agent; the whole string stays in the cell's tooltip. */
function deviceLabel(userAgent: string): string {
  if (!userAgent) return "不明裝置";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\/|FxiOS\//.test(userAgent)
        ? "Firefox"
        : /Line\//.test(userAgent)
          ? "LINE"
          : /Chrome\/|CriOS\//.test(userAgent)
            ? "Chrome"
            : /Safari\//.test(userAgent)
              ? "Safari"
              : null;
  const os = /iPhone|iPad|iPod/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /Linux|X11/.test(userAgent)
            ? "Linux"
            : null;
  if (!browser) return userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent;
  return os ? `${browser}（${os}）` : browser;
}

/** A staff member's sessions: device, address, when it signed in and was last used; `onRevoke` adds a button per row. */
function SessionTable({ sessions, onRevoke }: { sessions: StaffSessionView[]; onRevoke?: (s: StaffSessionView) => void }) {
  // A phone gets one block per session: five columns do not fit its width.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  if (sessions.length === 0) return <Typography color="text.secondary">目前沒有登入中的裝置。</Typography>;
  if (narrow)
    return (
      <Stack divider={<Divider />} spacing={1.5} role="list" aria-label="登入中的裝置">
        {sessions.map((s) => (
          <Box key={s.id} role="listitem" data-testid={`session-${s.id}`}>
            <Stack direction="row" spacing={1} alignItems="center" title={s.user_agent}>
              <Typography fontWeight="bold">{deviceLabel(s.user_agent)}</Typography>
              {s.current ? <Chip size="small" color="primary" label="目前的裝置" /> : null}
            </Stack>
            <Typography
              variant="body2"
              color="text.secondary"
            >{`${s.ip || "不明位址"}｜登入 ${formatDateTime(s.created_at)}`}</Typography>
            <Typography variant="body2" color="text.secondary">
              {`最後使用 ${s.last_used_at ? formatDateTime(s.last_used_at) : "—"}｜到期 ${formatDateTime(s.expires_at)}`}
            </Typography>
            {onRevoke && !s.current ? (
              <Button size="small" color="error" sx={{ px: 0, mt: 0.5 }} onClick={() => onRevoke(s)}>
                登出此裝置
              </Button>
            ) : null}
          </Box>
        ))}
      </Stack>
    );
  return (
    <Table size="small" aria-label="登入中的裝置">
      <TableHead>
        <TableRow>
          <TableCell>裝置</TableCell>
          <TableCell>IP 位址</TableCell>
          <TableCell>登入時間</TableCell>
          <TableCell>最後使用</TableCell>
          <TableCell>到期</TableCell>
          {onRevoke ? <TableCell /> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {sessions.map((s) => (
          <TableRow key={s.id} data-testid={`session-${s.id}`}>
            <TableCell title={s.user_agent}>
              <Stack direction="row" spacing={1} alignItems="center">
                <span>{deviceLabel(s.user_agent)}</span>
                {s.current ? <Chip size="small" color="primary" label="目前的裝置" /> : null}
              </Stack>
            </TableCell>
            <TableCell>{s.ip || "—"}</TableCell>
            <TableCell>{formatDateTime(s.created_at)}</TableCell>
            <TableCell>{s.last_used_at ? formatDateTime(s.last_used_at) : "—"}</TableCell>
            <TableCell>{formatDateTime(s.expires_at)}</TableCell>
            {onRevoke ? (
              <TableCell align="right">
                {s.current ? null : (
                  <Button size="small" color="error" sx={{ whiteSpace: "nowrap" }} onClick={() => onRevoke(s)}>
                    登出此裝置
                  </Button>
                )}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * 登入裝置: the signed-in staff member's own sessions; any other than this one can be ended (an
 * unknown device is a reason to change the password too).
 */
export function MySessionsPage() {
  const notify = useNotify();
  // This very session ended (from another device, or by the owner): back to sign-in.
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [sessions, setSessions] = useState<StaffSessionView[] | null>(null);
  const [revoking, setRevoking] = useState<StaffSessionView | null>(null);
  useEffect(() => {
    adminApi<StaffSessionView[]>("/auth/sessions")
      .then(setSessions)
      .catch(async (e: Error) => {
        if (!(await logoutIfAccessDenied(e))) notify(e.message, { type: "error" });
      });
  }, [notify, logoutIfAccessDenied]);
  const revoke = async (s: StaffSessionView) => {
    try {
      setSessions(await adminApi<StaffSessionView[]>(`/auth/sessions/${s.id}`, { method: "DELETE" }));
      notify("已登出該裝置", { type: "success" });
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 960 }}>
      <Title title="登入裝置" />
      <CardContent>
        <Stack spacing={2}>
          <Typography>以下是您的帳號目前登入中的裝置。看到不認得的裝置，請登出它並請擁有者重設您的密碼。</Typography>
          {sessions ? <SessionTable sessions={sessions} onRevoke={setRevoking} /> : null}
        </Stack>
      </CardContent>
      <Confirm
        isOpen={revoking !== null}
        title="登出此裝置"
        content={revoking ? `確定要登出「${deviceLabel(revoking.user_agent)}」（${revoking.ip || "不明位址"}）嗎？` : ""}
        confirm="登出"
        cancel="取消"
        onConfirm={() => {
          const s = revoking;
          setRevoking(null);
          if (s) void revoke(s);
        }}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}

/**
 * On the owner's staff edit page: the account's sign-in lock (lift it) and its sessions (end them
 * all). The server checks staff.manage on every call and records each in the audit log.
 */
export function StaffSecurity() {
  const record = useRecordContext<StaffView>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [sessions, setSessions] = useState<StaffSessionView[] | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const id = record?.id;
  const load = useCallback(() => {
    if (id === undefined) return;
    adminApi<StaffSessionView[]>(`/staff/${id}/sessions`)
      .then(setSessions)
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [id, notify]);
  useEffect(load, [load]);
  if (!record) return null;
  const unlock = async () => {
    try {
      await adminApi(`/staff/${record.id}/unlock`, { body: {} });
      notify("已解除鎖定，該員工可以再次登入", { type: "success" });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  const revokeAll = async () => {
    try {
      setSessions(await adminApi<StaffSessionView[]>(`/staff/${record.id}/sessions`, { method: "DELETE" }));
      notify("已登出此員工的所有裝置", { type: "success" });
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  return (
    <Stack spacing={2} sx={{ p: 2, minWidth: 0 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" gutterBottom>
            登入鎖定
          </Typography>
          {record.locked_until ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void unlock()}>
                  解除鎖定
                </Button>
              }
            >
              {`連續登入失敗 ${record.failed_sign_ins} 次，已鎖定至 ${formatDateTime(record.locked_until)}。`}
            </Alert>
          ) : record.failed_sign_ins > 0 ? (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={() => void unlock()}>
                  清除失敗紀錄
                </Button>
              }
            >
              {`最近連續登入失敗 ${record.failed_sign_ins} 次（失敗 5 次將鎖定 15 分鐘）。`}
            </Alert>
          ) : (
            <Typography color="text.secondary">
              未鎖定。連續登入失敗 5 次會鎖定 15 分鐘，之後每次鎖定時間加倍（最長 1 天）。
            </Typography>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1} sx={{ mb: 1 }}>
            <Typography variant="subtitle1">登入中的裝置</Typography>
            <Button
              size="small"
              color="error"
              variant="outlined"
              disabled={!sessions?.length}
              onClick={() => setConfirmAll(true)}
            >
              登出所有裝置
            </Button>
          </Stack>
          {sessions ? <SessionTable sessions={sessions} /> : null}
        </CardContent>
      </Card>
      <Confirm
        isOpen={confirmAll}
        title="登出所有裝置"
        content={`確定要登出 ${record.name} 的所有裝置嗎？對方需要重新登入。`}
        confirm="全部登出"
        cancel="取消"
        onConfirm={() => {
          setConfirmAll(false);
          void revokeAll();
        }}
        onClose={() => setConfirmAll(false)}
      />
    </Stack>
  );
}
