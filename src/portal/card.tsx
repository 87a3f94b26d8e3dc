import { useEffect, useRef, useState, type ReactNode } from 'react';
import { portalCardConfig } from '../../core/api/portal';
import type { SquareConfig } from '../../core/api/square';
import { simulatorToken } from '../../core/square';
import { attachSquareCard, sdkMode, validTestCard, type SquareCard } from '../kit/components/squareCard';
import { call } from './api';
import type { Translate } from './i18n';
import { useLoad } from './shared';
import './messages';

// The card form every payment of the site shows: Square's Web Payments SDK in sandbox and production,
// the simulator's test card fields otherwise; tokenize() answers the card's token (a card number
// never reaches the server), or null with the reason set in `message`.

export function useCardForm(t: Translate, setMessage: (message: string) => void): { error: string; ready: boolean; fields: ReactNode; tokenize(): Promise<string | null> } {
  const { data: config, error } = useLoad<SquareConfig>(() => call(portalCardConfig, {}), []);
  const [card, setCard] = useState({ number: '', expiry: '', cvv: '' });
  const sdkCard = useRef<SquareCard | null>(null);
  const real = config !== null && sdkMode(config) !== null;

  useEffect(() => {
    if (!config || !real) return undefined;
    let cancelled = false;
    attachSquareCard(config, '#portal-square-card', () => cancelled)
      .then((created) => { sdkCard.current = created; })
      .catch(() => setMessage(t('portal.pay.sdkFailed')));
    return () => { cancelled = true; void sdkCard.current?.destroy(); sdkCard.current = null; };
  }, [config, real, t, setMessage]);

  const tokenize = async (): Promise<string | null> => {
    if (!real) {
      if (validTestCard(card.number, card.expiry, card.cvv)) return simulatorToken(card.number);
      setMessage(t('portal.pay.cardInvalid'));
      return null;
    }
    const result = await sdkCard.current?.tokenize();
    if (result?.status === 'OK' && result.token) return result.token;
    setMessage(t('portal.pay.cardInvalid'));
    return null;
  };

  const field = (name: 'number' | 'expiry' | 'cvv') => ({
    id: `card-${name}`, value: card[name], required: true, autoComplete: 'off', onChange: (e: { target: { value: string } }) => setCard({ ...card, [name]: e.target.value }),
  });
  const fields = real ? <div id="portal-square-card" /> : (
    <>
      <p role="note">{t('portal.pay.simulator')}</p>
      <label htmlFor="card-number">{t('portal.pay.cardNumber')}</label>
      <input {...field('number')} inputMode="numeric" />
      <label htmlFor="card-expiry">{t('portal.pay.expiry')}</label>
      <input {...field('expiry')} placeholder="12/30" />
      <label htmlFor="card-cvv">{t('portal.pay.cvv')}</label>
      <input {...field('cvv')} inputMode="numeric" />
    </>
  );
  return { error, ready: config !== null, fields, tokenize };
}
