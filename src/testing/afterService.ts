import { http } from 'msw';
import { json } from './server';

/**
 * Handlers for the A/S calls the dashboard's cards and home's to-do make (src/dashboards/asDashboardApi.ts,
 * checked in AsStatusCard.test.tsx and HomePage.test.tsx), answering no figures and no invitations, for
 * tests about other parts of those pages. Test code only.
 */
export const noAfterServiceFigures = () => [
  ...['repair', 'laundry'].flatMap((type) => [
    http.get(`/api/v1/admin/${type}/dashboard`, () => json(null)),
    http.get(`/api/v1/admin/${type}/request/dashboard`, () => json(null)),
    http.get(`/api/v1/admin/${type}/invitation`, () => json({ list: [] })),
  ]),
];
