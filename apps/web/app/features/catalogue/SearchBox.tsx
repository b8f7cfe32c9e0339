import { useLingui } from "@lingui/react/macro";
import type { Suggestion } from "@shop/contract/catalogue";
import { formatMoney } from "@shop/contract/format";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useContentLang } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { useShop } from "../../lib/shop";

const DEBOUNCE_MS = 250;

/** The server-rendered input's text and focus, when the browser renders the box (nothing on the server). */
function earlyInput(inputId: string): { value: string; focused: boolean } {
  if (typeof document === "undefined") return { value: "", focused: false };
  const input = document.getElementById(inputId) as HTMLInputElement | null;
  return { value: input?.value ?? "", focused: input !== null && document.activeElement === input };
}

/**
 * Product search with suggestions as you type (a WAI-ARIA combobox): arrow keys move through the
 * suggestions, Enter opens the product chosen with them or else searches what was typed (the pointer
 * resting on the list only highlights), Escape closes.
 */
export function SearchBox({ className = "", inputClassName = "" }: { className?: string; inputClassName?: string }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const shop = useShop();
  const navigate = useNavigate();
  const id = useId();
  // This box hydrates from its own chunk: what a shopper typed into the server's box before the
  // code arrived is kept, and the focus too (React may render the box afresh).
  const [typedEarly] = useState(() => earlyInput(`${id}-input`));
  const [keyword, setKeyword] = useState(typedEarly.value);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);

  useEffect(() => {
    const q = keyword.trim();
    if (!q) {
      setItems([]);
      return;
    }
    const ticket = ++latest.current;
    const timer = setTimeout(async () => {
      const r = await api<Suggestion[]>("/api/product/search/fast", { query: { keyword: q, limit: 8, shop_id: shop.shopId } });
      // Only the answer to the newest keystroke counts.
      if (ticket !== latest.current) return;
      setItems(r.status ? r.data : []);
      setActive(-1);
      setOpen(true);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, shop.shopId]);

  const go = (to: string) => {
    // Leaving for a page: an answer still on its way must not open the list over it. Taking the focus
    // away closes the list (onBlur) and puts the phone's keyboard down, so the results show.
    latest.current++;
    (document.activeElement as HTMLElement | null)?.blur();
    navigate(shop.path(to));
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" && items.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % items.length);
    } else if (e.key === "ArrowUp" && items.length > 0) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
    } else if (e.key === "Escape") {
      setOpen(false);
      setActive(-1);
    } else if (e.key === "Enter" && items[active]) {
      // Only the arrow keys choose (the pointer resting on the list does not): else Enter searches.
      e.preventDefault();
      go(`/product/details?id=${items[active].id}`);
    }
  };

  useLayoutEffect(() => {
    if (typedEarly.focused) document.getElementById(`${id}-input`)?.focus();
  }, [typedEarly, id]);

  const listId = `${id}-list`;
  const showList = open && keyword.trim() !== "";
  return (
    <search className={`relative ${className}`}>
      <form
        action={shop.path("/product")}
        onSubmit={(e) => {
          e.preventDefault();
          const q = keyword.trim();
          if (q) go(`/product?keyword=${encodeURIComponent(q)}`);
        }}
        className="flex"
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          {t`搜尋商品`}
        </label>
        <input
          id={`${id}-input`}
          name="keyword"
          type="search"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t`搜尋茶葉、禮盒…`}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => items.length > 0 && setOpen(true)}
          // Options take the pointer on mousedown without taking the focus: no delay is needed.
          onBlur={() => setOpen(false)}
          className={`input rounded-r-none py-2 ${inputClassName}`}
        />
        <button type="submit" className="btn-primary shrink-0 whitespace-nowrap rounded-l-none py-2">
          {t`搜尋`}
        </button>
      </form>
      {showList && (
        <div
          id={listId}
          role="listbox"
          aria-label={t`搜尋建議`}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-auto rounded-xl bg-white py-1 shadow-lg ring-1 ring-stone-200"
        >
          {items.length === 0 ? (
            <p className="px-3 py-2 text-sm text-stone-500">{t`找不到相關商品`}</p>
          ) : (
            items.map((s, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive: the WAI-ARIA combobox pattern: focus stays in the input; options are pointed at by aria-activedescendant
              <div
                key={s.id}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  go(`/product/details?id=${s.id}`);
                }}
                className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-tea-50 aria-selected:bg-tea-50"
              >
                <img src={s.image} alt="" width={32} height={32} className="h-8 w-8 rounded" />
                <span className="flex-1 text-stone-800" lang={contentLang}>
                  {s.name}
                </span>
                <span className="text-red-700">{formatMoney(s.price)}</span>
              </div>
            ))
          )}
        </div>
      )}
    </search>
  );
}
