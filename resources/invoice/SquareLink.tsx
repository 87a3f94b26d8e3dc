import { Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { squareDashboardUrl } from '../../core/square';
import { useTouchlineDataProvider } from '../../dataProvider';
import './square/messages';

/** A card or terminal payment's Square transaction id, linked to the payment in Square's dashboard (or the simulator's page). */
export function SquareLink({ squareId }: { squareId: string }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { data } = useQuery({ queryKey: ['squareConfig'], queryFn: () => dataProvider.squareConfig(), staleTime: 5 * 60_000, meta: { errorDialog: false } });
  if (!data) return <span>{squareId}</span>;
  const url = squareDashboardUrl(data.mode, squareId);
  const external = data.mode !== 'simulator';
  return (
    <Link href={url} title={translate('square.transaction')} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>{squareId}</Link>
  );
}
