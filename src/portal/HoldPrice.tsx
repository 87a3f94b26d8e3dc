import type { PortalHold } from '../../core/api/portalOfferings';
import { formatUsd, toCents } from '../../core/money';
import type { Translate } from './i18n';
import './messages';
import './registerMessages';

// A hold's lines as the invoice will have them (issue 44 §3, §6): each participant's price with the
// sibling discount it takes and why ("Second child −10%"), and the memberships bought with it.

const usd = (dollars: number) => formatUsd(toCents(dollars));

type Discount = NonNullable<PortalHold['lines'][number]['discount']>;

/** Why the discount applied, in the reader's language: the second, the third, then the n-th child. */
const why = (t: Translate, d: Discount) => {
  const vars = { percent: String(d.percent), position: String(d.position), amount: usd(d.amount) };
  return t(d.position === 2 ? 'portal.hold.sibling.second' : d.position === 3 ? 'portal.hold.sibling.third' : 'portal.hold.sibling.later', vars);
};

export function HoldLines({ t, hold, names }: { t: Translate; hold: PortalHold; names: Map<number, string> }) {
  return (
    <ul className="cards">
      {hold.lines.map((line) => (
        <li key={line.customer_id}>
          {t('portal.hold.line', { name: names.get(line.customer_id) ?? '', price: usd(line.price) })}
          {line.discount && <div>{why(t, line.discount)}</div>}
        </li>
      ))}
      {hold.memberships?.map((m) => (
        <li key={`membership-${m.customer_id}`}>{t('portal.hold.membership', { product: m.name, name: names.get(m.customer_id) ?? '', price: usd(m.price) })}</li>
      ))}
    </ul>
  );
}
