import { matchRoutes } from 'react-router-dom';
import { ROUTE_TABLE, routeAt } from './route-table';

describe('routeAt, the boot script’s matcher', () => {
  it.each([
    '/',
    '/signup',
    '/LOGIN',
    '/MyCertifications',
    '/mycertifications/',
    '/updatecertification/c-1',
    '/addactivity',
    '/addactivity/c-1',
    '/updateactivity/a%201',
    '/readiness/c-1',
    '/termsandconditions',
    '/account',
    '/fourofourpage',
    '/nowhere',
    '/signup/extra',
    '/readiness',
    '/addactivity/c-1/more',
  ])('finds the route the router finds for %s', (pathname) => {
    const routed = matchRoutes([...ROUTE_TABLE], pathname)?.[0]?.route;

    expect(routed).toBeDefined();
    expect(routeAt(pathname)).toEqual(routed);
  });
});
