import type { PayInfo } from "@shop/contract/order";
import { useEffect, useRef, useState } from "react";
import { track } from "../../lib/track";
import { useAlerts } from "../../ui/alerts";
import type { CheckoutStart } from "./checkout-data";
import type { Draft, SetDraftField, UpdateDraft } from "./draft";

/**
 * What the checkout does as its data arrives (nothing here reads the API): the store map's refusal
 * said once, begin_checkout sent once with the first quote (decision 45), a member's form prefilled,
 * a payment method that stopped being available unchosen, and the focus moved to the first field
 * in error after a press that found some (`focusErrors`).
 */
export function useCheckoutFollowUps(props: {
  start: CheckoutStart;
  info: PayInfo | null;
  signedIn: boolean;
  payment: Draft["payment"];
  /** True while the amounts shown are for an older form than the one on screen. */
  quoting: boolean;
  set: SetDraftField;
  update: UpdateDraft;
}) {
  const { start, info, signedIn, payment, quoting, set, update } = props;
  const alerts = useAlerts();

  useEffect(() => {
    if (start.mapError) void alerts.error(start.mapError);
  }, [start.mapError, alerts]);

  const began = useRef(false);
  useEffect(() => {
    if (!info || began.current) return;
    began.current = true;
    track("begin_checkout", {
      value: info.quote.payable,
      items: info.quote.lines.map((l) => ({ item_id: l.product_id, item_name: l.name, price: l.price, quantity: l.qty })),
    });
  }, [info]);

  // A member starts from their newest saved (or last used) address, or at least their own name and
  // phone, and their e-mail for the notices — unless the form came back from the store map or they
  // have typed already.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!info || !signedIn || prefilled.current || start.fromMap) return;
    prefilled.current = true;
    const first = info.recent_addresses[0];
    const email = start.profile?.email ?? "";
    const fill = (name: string, phone: string, address?: Draft["address"]) =>
      update((d) => ({
        ...(d.name || d.phone ? {} : { name, phone, ...(address ? { address } : {}) }),
        ...(d.email || !email ? {} : { email }),
      }));
    if (first) fill(first.receiver.name, first.receiver.phone, first.address);
    else if (start.profile) fill(start.profile.name, start.profile.phone);
  }, [info, signedIn, start, update]);

  // A payment method that stopped being available (e.g. COD after choosing the depot) is unchosen,
  // by the answer for the form as it is now: an answer for the form before a choice was made must
  // not take the choice back.
  useEffect(() => {
    if (quoting) return;
    const chosen = info?.payment_methods.find((m) => m.code === payment);
    if (chosen && !chosen.available) set("payment", "");
  }, [info, payment, quoting, set]);

  // Bumped by a press that found errors: the first of them is focused once they are drawn.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = document.querySelector<HTMLElement>("form [aria-invalid=true], form [data-error]");
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }, [focusRequest]);

  return { focusErrors: () => setFocusRequest((n) => n + 1) };
}
