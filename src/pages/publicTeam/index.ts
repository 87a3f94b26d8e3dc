import { lazy } from 'react';
import { PUBLIC_TEAM_PATH } from '../../../resources/teams/publicLink';
import type { PublicRoute } from '../pageRoute';

/** A team's public page (issue 24 item 6): opens without sign-in. The page is the teams resource's. */
export const publicTeamRoute: PublicRoute = { path: PUBLIC_TEAM_PATH, component: lazy(() => import('../../../resources/teams/PublicTeamPage')) };
