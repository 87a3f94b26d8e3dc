import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { lastDays } from '../../../../core/reports';
import { defaultTimeZone } from '../../../../core/time';
import { session } from '../../../../dataProvider/session';
import type { ReportQuery } from '../../../../dataProvider';

// The filter bar's values live in the URL (?start=…&end=…&facility=1,2&type=…&pay=…), so a report can
// be bookmarked and shared. Missing ones take their defaults: the last 7 days, the admin's selected
// facility (or all), everyone else's own.

export interface ReportFilters {
  start: string;
  end: string;
  facilities: number[];
  productTypes: number[];
  paymentTypes: string[];
  basis: 'cash' | 'activity';
  excludeTax: boolean;
  active: '' | 'yes' | 'no';
  league: string;
  statuses: { invoiced_paid: boolean; invoiced_unpaid: boolean; uninvoiced: boolean };
}

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

export function defaultFacilities(): number[] {
  if (session.userType() !== 'admin') return [session.facilityId() ?? 1];
  const scope = session.facilityScope();
  return scope === null ? [] : [scope];
}

export function useReportFilters(): [ReportFilters, (next: ReportFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<ReportFilters>(() => {
    const zone = defaultTimeZone(defaultFacilities()[0] ?? 1);
    const range = lastDays(7, zone);
    return {
      start: params.get('start') ?? range.from,
      end: params.get('end') ?? range.to,
      facilities: params.has('facility') ? list(params.get('facility')).map(Number) : defaultFacilities(),
      productTypes: list(params.get('type')).map(Number),
      paymentTypes: list(params.get('pay')),
      basis: params.get('basis') === 'activity' ? 'activity' : 'cash',
      excludeTax: params.get('exclude_tax') === '1',
      active: (params.get('active') as ReportFilters['active']) ?? '',
      league: params.get('league') ?? '',
      statuses: {
        invoiced_paid: params.get('paid') !== '0',
        invoiced_unpaid: params.get('unpaid') !== '0',
        uninvoiced: params.get('uninvoiced') !== '0',
      },
    };
  }, [params]);
  const apply = (next: ReportFilters) => {
    const out = new URLSearchParams();
    out.set('start', next.start);
    out.set('end', next.end);
    out.set('facility', next.facilities.join(','));
    if (next.productTypes.length) out.set('type', next.productTypes.join(','));
    if (next.paymentTypes.length) out.set('pay', next.paymentTypes.join(','));
    if (next.basis === 'activity') out.set('basis', 'activity');
    if (next.excludeTax) out.set('exclude_tax', '1');
    if (next.active) out.set('active', next.active);
    if (next.league) out.set('league', next.league);
    if (!next.statuses.invoiced_paid) out.set('paid', '0');
    if (!next.statuses.invoiced_unpaid) out.set('unpaid', '0');
    if (!next.statuses.uninvoiced) out.set('uninvoiced', '0');
    setParams(out);
  };
  return [filters, apply];
}

/** The filters as the report call's query. */
export function toQuery(filters: ReportFilters): ReportQuery {
  return {
    start_date: filters.start || undefined,
    end_date: filters.end || undefined,
    facility_ids: filters.facilities,
    product_type_ids: filters.productTypes,
    payment_types: filters.paymentTypes,
    basis: filters.basis,
    exclude_tax: filters.excludeTax,
    ...(filters.active ? { active: filters.active === 'yes' } : {}),
    ...(filters.league ? { league_id: Number(filters.league) } : {}),
    ...filters.statuses,
  };
}
