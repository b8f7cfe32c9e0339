import { useEffect, useState } from "react";
import { api } from "../../lib/api";

/** A member API read, re-run when its query changes; null while loading. */
export function useMemberData<T>(path: string, query: Record<string, string | number | undefined> = {}) {
  const key = JSON.stringify(query);
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setData(null);
    void api<T>(path, { query: JSON.parse(key) }).then((r) => (r.status ? setData(r.data) : setError(r.message)));
  }, [path, key]);
  return { data, error };
}
