import { useState, type FormEvent } from 'react';
import { portalMe, type PortalMe } from '../../core/api/portal';
import {
  portalDivision, portalFreeAgent, portalJoin, portalJoinView, portalNewInvite, portalRegisterTeam, portalRevokeInvite, portalTeams,
  type PortalDivision, type PortalJoinView, type PortalTeam,
} from '../../core/api/portalTeams';
import { newIdempotencyKey } from '../../core/idempotencyKey';
import { formatUsd, toCents } from '../../core/money';
import { portalWaitlistJoin } from '../../core/api/portalOfferings';
import { call, CallError } from './api';
import { useCardForm } from './card';
import type { Language, Translate } from './i18n';
import { dateText, Loading, useLoad } from './shared';
import './messages';

// Teams from the site (issue 44 §4): a division's page where a captain registers a team and pays by card
// (or a player registers as a free agent) — told first what it charges as the server prices it (a membership
// the division requires and the captain lacks, the total with tax, the deposit due) — the captain's teams with their invite links, and the invite
// link's page where a family member joins (paying their share where the league splits its fee). One
// idempotency key per attempt: a retry after a lost answer sends the same key and gets the first result.
// A full division takes the team's name on its waitlist (issue 44 item 5): a place that frees is held for
// the captain, by mail, to register the team here.

const usd = (dollars: number) => formatUsd(toCents(dollars));
const errorText = (t: Translate, e: unknown) => t('portal.error', { message: (e as Error).message });
/** A 4xx means the server kept nothing under the key: the next attempt takes a new one. */
const refused = (e: unknown) => e instanceof CallError && e.status < 500;

function MemberChoice({ t, me, value, onChange, name }: { t: Translate; me: PortalMe; value: number | null; onChange(id: number): void; name: string }) {
  return (
    <fieldset>
      <legend>{t('portal.teams.who')}</legend>
      {[me.holder, ...me.children].map((m) => (
        <label key={m.ID} className="choice">
          <input type="radio" name={name} value={m.ID} checked={value === m.ID} onChange={() => onChange(m.ID)} />
          {m.first_name} {m.last_name}
        </label>
      ))}
    </fieldset>
  );
}

function LeagueLine({ t, language, league }: { t: Translate; language: Language; league: PortalDivision['league'] }) {
  const zone = league.facility.time_zone;
  return <p>{league.facility.name} · {t('portal.teams.dates', { from: dateText(league.start_date, language, zone), to: dateText(league.end_date, language, zone) })}</p>;
}

/** /my/divisions/{id}: register a team (captain) or a free agent. */
export function DivisionScreen({ t, language, id, openTeams, openRegister }: { t: Translate; language: Language; id: number; openTeams(): void; openRegister(): void }) {
  const { data: division, error } = useLoad<PortalDivision>(() => call(portalDivision, { params: { id } }), [id]);
  return (
    <Loading t={t} error={error} ready={division !== null}>
      {() => {
        const d = division!;
        return (
          <section>
            <h2>{d.league.name}</h2>
            <LeagueLine t={t} language={language} league={d.league} />
            {!d.open ? <p role="note">{t('portal.teams.closed')}</p> : (
              <>
                {d.enable_team && d.fee !== null && <RegisterTeam t={t} division={d} openTeams={openTeams} />}
                {d.enable_individual && (d.individual_price === null ? <FreeAgent t={t} division={d} /> : (
                  // A priced individual registration is a hold paid on the Register page.
                  <p>{t('portal.teams.individualPaid', { price: usd(d.individual_price) })}{' '}
                    <a href="/my/register" onClick={(e) => { e.preventDefault(); openRegister(); }}>{t('portal.nav.register')}</a>
                  </p>
                ))}
              </>
            )}
          </section>
        );
      }}
    </Loading>
  );
}

function RegisterTeam({ t, division, openTeams }: { t: Translate; division: PortalDivision; openTeams(): void }) {
  const [name, setName] = useState('');
  const [payment, setPayment] = useState<'full' | 'deposit'>('full');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState<{ team: string; link: string | null } | null>(null);
  // A full division: the captain joins its waitlist with the team's name instead.
  const [full, setFull] = useState(division.waitlist_open);
  const [waiting, setWaiting] = useState<{ team: string; position: number } | null>(null);
  const card = useCardForm(t, setMessage);

  const wait = async () => {
    setMessage('');
    if (!name.trim()) return setMessage(t('portal.teams.nameNeeded'));
    try {
      const me = await call(portalMe, {});
      const entry = await call(portalWaitlistJoin, { body: { offering: { type: 'league', id: division.league.ID }, participant_id: me.holder.ID, team_name: name.trim() } });
      setWaiting({ team: name.trim(), position: entry.position });
    } catch (e) {
      setMessage(errorText(t, e));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setMessage('');
    if (!name.trim()) return setMessage(t('portal.teams.nameNeeded'));
    setBusy(true);
    try {
      const source_id = await card.tokenize();
      if (!source_id) return;
      const made = await call(portalRegisterTeam, { body: { league_id: division.league.ID, name: name.trim(), payment, idempotency_key: key, source_id } });
      setDone({ team: made.team.name, link: made.team.invite_url });
    } catch (e) {
      if (refused(e)) setKey(newIdempotencyKey());
      if (e instanceof CallError && e.waitlistOpen) setFull(true);
      setMessage(refused(e) ? errorText(t, e) : t('portal.teams.unsure'));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div role="status" className="done">
        <p>{t('portal.teams.registered', { team: done.team })}</p>
        {done.link && <InviteLink t={t} link={done.link} />}
        <p><a href="/my/teams" onClick={(e) => { e.preventDefault(); openTeams(); }}>{t('portal.teams.mine')}</a></p>
      </div>
    );
  }
  if (waiting) return <p role="status" className="done">{t('portal.teams.waiting', { team: waiting.team, position: String(waiting.position) })}</p>;
  if (full) {
    return (
      <form onSubmit={(e) => { e.preventDefault(); void wait(); }} noValidate aria-labelledby="register-team">
        <h3 id="register-team">{t('portal.teams.register')}</h3>
        <p>{t('portal.teams.divisionFull')}</p>
        <label htmlFor="team-name">{t('portal.teams.name')}</label>
        <input id="team-name" autoComplete="off" maxLength={100} required value={name} onChange={(e) => setName(e.target.value)} />
        {message && <p role="alert">{message}</p>}
        <button type="submit">{t('portal.teams.joinWaitlist')}</button>
      </form>
    );
  }
  if (card.error) return <p role="alert">{errorText(t, { message: card.error })}</p>;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="register-team">
      <h3 id="register-team">{t('portal.teams.register')}</h3>
      <p>{t(division.early_bird ? 'portal.teams.earlyBird' : 'portal.teams.fee', { fee: usd(division.fee!) })}</p>
      {division.membership && <p>{t('portal.teams.membership', { product: division.membership.name, price: usd(division.membership.price) })}</p>}
      {division.total !== null && <p>{t('portal.teams.total', { total: usd(division.total) })}</p>}
      <label htmlFor="team-name">{t('portal.teams.name')}</label>
      <input id="team-name" autoComplete="off" maxLength={100} required value={name} onChange={(e) => setName(e.target.value)} />
      {division.deposit !== null && (
        <fieldset>
          <legend>{t('portal.teams.payNow')}</legend>
          <label className="choice"><input type="radio" name="payment" checked={payment === 'full'} onChange={() => setPayment('full')} />{t('portal.teams.payFull', { fee: usd(division.fee!) })}</label>
          <label className="choice"><input type="radio" name="payment" checked={payment === 'deposit'} onChange={() => setPayment('deposit')} />{t('portal.teams.payDeposit', { deposit: usd(division.deposit) })}</label>
        </fieldset>
      )}
      {payment === 'deposit' && division.deposit_due !== null && <p>{t('portal.teams.depositDue', { amount: usd(division.deposit_due) })}</p>}
      {card.ready && card.fields}
      {message && <p role="alert">{message}</p>}
      <button type="submit" disabled={busy || !card.ready}>{t('portal.teams.registerPay')}</button>
    </form>
  );
}

function FreeAgent({ t, division }: { t: Translate; division: PortalDivision }) {
  const { data: me, error } = useLoad<PortalMe>(() => call(portalMe, {}), []);
  const [member, setMember] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (member === null) return setMessage({ ok: false, text: t('portal.teams.whoNeeded') });
    try {
      await call(portalFreeAgent, { body: { league_id: division.league.ID, participant_id: member } });
      setMessage({ ok: true, text: t('portal.teams.freeAgentDone') });
    } catch (e) {
      setMessage({ ok: false, text: errorText(t, e) });
    }
  };
  return (
    <Loading t={t} error={error} ready={me !== null}>
      {() => (
        <form onSubmit={submit} noValidate aria-labelledby="free-agent">
          <h3 id="free-agent">{t('portal.teams.freeAgent')}</h3>
          <p>{t('portal.teams.freeAgentIntro')}</p>
          <MemberChoice t={t} me={me!} value={member} onChange={setMember} name="free-agent-member" />
          {message && <p role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
          <button type="submit">{t('portal.teams.freeAgentRegister')}</button>
        </form>
      )}
    </Loading>
  );
}

function InviteLink({ t, link }: { t: Translate; link: string }) {
  const [copied, setCopied] = useState('');
  const copy = () => navigator.clipboard.writeText(link).then(() => setCopied(t('portal.calendar.copied')), () => setCopied(t('portal.calendar.copyFailed')));
  const id = `invite-${link.slice(-8)}`;
  return (
    <>
      <label htmlFor={id}>{t('portal.teams.inviteLink')}</label>
      <input id={id} readOnly value={link} onFocus={(e) => e.target.select()} />
      <button type="button" className="secondary" onClick={copy}>{t('portal.calendar.copy')}</button>
      {copied && <p role="status">{copied}</p>}
    </>
  );
}

/** /my/teams: the teams the holder captains, their rosters and invite links. */
export function TeamsScreen({ t, language, openInvoice }: { t: Translate; language: Language; openInvoice(id: number): void }) {
  const { data: teams, error, reload } = useLoad<PortalTeam[]>(() => call(portalTeams, {}), []);
  const [message, setMessage] = useState('');
  const invite = async (team: PortalTeam, renew: boolean) => {
    setMessage('');
    try {
      await (renew ? call(portalNewInvite, { params: { id: team.ID } }) : call(portalRevokeInvite, { params: { id: team.ID } }));
      setMessage(t(renew ? 'portal.teams.renewed' : 'portal.teams.revoked', { team: team.name }));
      reload();
    } catch (e) {
      setMessage(errorText(t, e));
    }
  };
  return (
    <section>
      <h2>{t('portal.teams.heading')}</h2>
      {message && <p role="status">{message}</p>}
      <Loading t={t} error={error} ready={teams !== null}>
        {() => (teams!.length === 0 ? <p>{t('portal.teams.none')}</p> : (
          <ul className="cards">
            {teams!.map((team) => (
              <li key={team.ID}>
                <p className="name">{team.name}</p>
                <p>{team.league.name}</p>
                <LeagueLine t={t} language={language} league={team.league} />
                <p>{team.max_players === null ? t('portal.teams.players', { n: String(team.players) }) : t('portal.teams.playersOf', { n: String(team.players), max: String(team.max_players) })}</p>
                {team.lock_roster && <p>{t('portal.teams.locked')}</p>}
                {team.invoice_id !== null && (
                  <p><a href={`/my/invoices/${team.invoice_id}`} onClick={(e) => { e.preventDefault(); openInvoice(team.invoice_id!); }}>{t('portal.invoices.number', { id: String(team.invoice_id) })}</a></p>
                )}
                {team.invite_url ? <InviteLink t={t} link={team.invite_url} /> : <p>{t('portal.teams.noLink')}</p>}
                <div className="pager">
                  <button type="button" className="secondary" onClick={() => invite(team, true)}>{t('portal.teams.renew')}</button>
                  {team.invite_url && <button type="button" className="secondary" onClick={() => invite(team, false)}>{t('portal.teams.revoke')}</button>}
                </div>
              </li>
            ))}
          </ul>
        ))}
      </Loading>
    </section>
  );
}

/** /my/join/{token}: join the invite link's team. */
export function JoinScreen({ t, language, token }: { t: Translate; language: Language; token: string }) {
  const { data: view, error, reload } = useLoad<PortalJoinView>(() => call(portalJoinView, { params: { token } }), [token]);
  const { data: me, error: meError } = useLoad<PortalMe>(() => call(portalMe, {}), []);
  return (
    <Loading t={t} error={error || meError} ready={view !== null && me !== null}>
      {() => {
        const v = view!;
        return (
          <section>
            <h2>{t('portal.teams.join', { team: v.team.name })}</h2>
            <p>{v.league.name}</p>
            <LeagueLine t={t} language={language} league={v.league} />
            {v.captain && <p>{t('portal.teams.captain', { name: `${v.captain.first_name} ${v.captain.last_name}` })}</p>}
            <p>{v.max_players === null ? t('portal.teams.players', { n: String(v.players) }) : t('portal.teams.playersOf', { n: String(v.players), max: String(v.max_players) })}</p>
            {v.open ? <JoinForm t={t} view={v} me={me!} token={token} onJoined={reload} />
              : <p role="note">{t(v.lock_roster ? 'portal.teams.locked' : 'portal.teams.full')}</p>}
          </section>
        );
      }}
    </Loading>
  );
}

function JoinForm({ t, view, me, token, onJoined }: { t: Translate; view: PortalJoinView; me: PortalMe; token: string; onJoined(): void }) {
  const [member, setMember] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const card = useCardForm(t, setMessage);
  const pays = view.share > 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setMessage('');
    if (member === null) return setMessage(t('portal.teams.whoNeeded'));
    setBusy(true);
    try {
      const source_id = pays ? await card.tokenize() : null;
      if (pays && !source_id) return;
      await call(portalJoin, { params: { token }, body: { participant_id: member, ...(source_id ? { idempotency_key: key, source_id } : {}) } });
      const who = [me.holder, ...me.children].find((m) => m.ID === member)!;
      setDone(t('portal.teams.joined', { name: who.first_name, team: view.team.name }));
      setKey(newIdempotencyKey());
      onJoined();
    } catch (e) {
      if (refused(e)) setKey(newIdempotencyKey());
      setMessage(refused(e) ? errorText(t, e) : t('portal.teams.unsure'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('portal.teams.join', { team: view.team.name })}>
      <MemberChoice t={t} me={me} value={member} onChange={setMember} name="join-member" />
      {pays && <p>{t('portal.teams.share', { share: usd(view.share) })}</p>}
      {pays && card.ready && card.fields}
      {message && <p role="alert">{message}</p>}
      {done && <p role="status" className="done">{done}</p>}
      <button type="submit" disabled={busy || (pays && !card.ready)}>{pays ? t('portal.teams.joinPay', { share: usd(view.share) }) : t('portal.teams.joinButton')}</button>
    </form>
  );
}
