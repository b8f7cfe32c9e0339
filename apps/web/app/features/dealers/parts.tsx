import { useLingui } from "@lingui/react/macro";
import type { DealerCard, DealerOutletView } from "@shop/contract/catalogue";
import type { ReactNode } from "react";
import { useContentLang } from "../../i18n/runtime";
import { Img } from "../../ui/Img";

/** A Google Maps search for an address (opens the Maps app on phones). */
const mapSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

function AddressLink({ address }: { address: string }) {
  const contentLang = useContentLang();
  return (
    <a
      href={mapSearchUrl(address)}
      lang={contentLang}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-block py-1 text-tea-700 underline"
    >
      {address}
    </a>
  );
}

function PhoneLink({ phone }: { phone: string }) {
  return phone ? (
    <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="inline-block py-1 text-stone-600">
      {phone}
    </a>
  ) : null;
}

/** A dealer's picture, county, name, intro, address and phone; `heading` is h1 on its own page, h2 in lists. */
export function DealerSummary(props: {
  dealer: DealerCard;
  intro?: string;
  heading: "h1" | "h2";
  priority?: boolean;
  children?: ReactNode;
}) {
  const { dealer, intro, heading: Heading } = props;
  const big = Heading === "h1";
  const contentLang = useContentLang();
  return (
    <>
      {dealer.image && (
        <Img
          src={dealer.image}
          alt=""
          width={96}
          height={96}
          sizes="96px"
          priority={props.priority}
          className={`${big ? "h-24 w-24" : "h-20 w-20"} shrink-0 rounded-xl object-cover`}
        />
      )}
      <div className="min-w-0">
        <p className={big ? "text-sm text-stone-500" : "text-xs text-stone-500"} lang={contentLang}>
          {dealer.county}
        </p>
        <Heading className={big ? "text-2xl font-bold text-stone-800" : "font-bold text-stone-800"} lang={contentLang}>
          {dealer.name}
        </Heading>
        {intro && (
          <p className={big ? "mt-1 text-stone-600" : "text-sm text-stone-600"} lang={contentLang}>
            {intro}
          </p>
        )}
        <p className="mt-1 text-sm">
          <AddressLink address={dealer.address} />
        </p>
        <p className="text-sm">
          <PhoneLink phone={dealer.phone} />
        </p>
        {props.children}
      </div>
    </>
  );
}

export function DealerHeader({ dealer, intro }: { dealer: DealerCard; intro?: string }) {
  return (
    <section className="card flex flex-col gap-4 sm:flex-row sm:items-center">
      <DealerSummary dealer={dealer} intro={intro} heading="h1" priority />
    </section>
  );
}

export function OutletList({ outlets }: { outlets: DealerOutletView[] }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  if (outlets.length === 0) return <p className="text-stone-600">{t`此經銷商目前沒有門市據點。`}</p>;
  return (
    <ul className="grid gap-3 md:grid-cols-2" data-testid="outlets">
      {outlets.map((o) => (
        <li key={o.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <p className="font-medium text-stone-800" lang={contentLang}>
            {o.name}
          </p>
          <p className="mt-1 text-sm">
            <AddressLink address={o.address} />
          </p>
          <p className="mt-1 text-sm">
            <PhoneLink phone={o.phone} />
            {o.hours && (
              <span className="text-stone-500" lang={contentLang}>
                ｜{o.hours}
              </span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
