import { broadcastAccept } from './broadcasts';
import { hubspotExport } from './hubspot';
import { availability52, calendarConflicts, calendarWeek } from './calendar';
import check from './check';
import { classList, classPage, classRegistration } from './classes';
import { contractBulkEdit, contractOpen } from './contracts';
import customerProfile from './customer-profile';
import customerSearch from './customer-search';
import { invoiceOne, invoicePayment, invoiceSearch } from './invoices';
import { leaguePage, leaguesList, teamPage, teamSignup } from './leagues';
import login from './login';
import { portalCheckout, portalHold, portalOfferings } from './portal';
import { monthlyReports, salesYear, salesYearSql } from './reports';
import { scheduleBuild, scheduleStandings, scheduleTournament } from './schedule';
import taxes from './taxes';
import type { Scenario } from './types';

/** Every benchmark scenario, in run order: one module each; a new capability adds its line here. */
export const scenarios: Scenario[] = [login, check, taxes, customerSearch, customerProfile, calendarWeek, calendarConflicts, availability52, salesYear, salesYearSql, ...monthlyReports, contractOpen, contractBulkEdit,
  invoiceSearch, invoiceOne, invoicePayment, leaguesList, leaguePage, teamPage, teamSignup, classList, classPage, classRegistration, scheduleBuild, scheduleTournament, scheduleStandings,
  broadcastAccept, hubspotExport, portalOfferings, portalHold, portalCheckout];
