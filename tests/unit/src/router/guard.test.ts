import { describe, expect, it } from 'vitest';
import { decideNavigation, redirectTarget } from '../../../../src/router/guard';

const signedIn = { hasToken: true, permissionsLoaded: true };
const freshSignIn = { hasToken: true, permissionsLoaded: false };
const signedOut = { hasToken: false, permissionsLoaded: false };

describe('navigation guard (spec §4)', () => {
  describe('with a token', () => {
    it('sends the login page and the default path to home', () => {
      expect(decideNavigation(signedIn, { pathname: '/user/login' })).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
      expect(decideNavigation(freshSignIn, { pathname: '/user/login', search: '?redirect=%2Fx' })).toEqual({
        kind: 'redirect',
        to: '/dashboard/analysis',
      });
      expect(decideNavigation(signedIn, { pathname: '/' })).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
    });

    it('fetches an empty permission list first, then stays on the original path', () => {
      expect(decideNavigation(freshSignIn, { pathname: '/isystem/user', search: '?a=1' })).toEqual({
        kind: 'loadPermissions',
        then: null,
        onFailure: '/user/login?redirect=%2Fisystem%2Fuser%3Fa%3D1',
      });
    });

    it("goes to the previous page's redirect query target once the permissions are loaded", () => {
      const decision = decideNavigation(
        freshSignIn,
        { pathname: '/dashboard/analysis' },
        { pathname: '/user/login', search: '?redirect=%2Fisystem%2Frole%3Ftab%3D2' },
      );
      expect(decision).toMatchObject({ kind: 'loadPermissions', then: '/isystem/role?tab=2' });
    });

    it('does not follow a redirect query that leaves the app', () => {
      const decision = decideNavigation(
        freshSignIn,
        { pathname: '/dashboard/analysis' },
        { pathname: '/user/login', search: '?redirect=https%3A%2F%2Fevil.example' },
      );
      expect(decision).toMatchObject({ kind: 'loadPermissions', then: null });
      expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBeNull();
      expect(redirectTarget('?redirect=%2Fok')).toBe('/ok');
    });

    it('on failure the user is logged out and sent to login with the page as redirect', () => {
      const decision = decideNavigation(freshSignIn, { pathname: '/report/area', hash: '#top' });
      expect(decision).toMatchObject({ onFailure: '/user/login?redirect=%2Freport%2Farea%23top' });
    });

    it('lets every page pass once the permissions are there, open pages included', () => {
      expect(decideNavigation(signedIn, { pathname: '/isystem/user' })).toEqual({ kind: 'pass' });
      expect(decideNavigation(signedIn, { pathname: '/user/register' })).toEqual({ kind: 'pass' });
      expect(decideNavigation(signedIn, { pathname: '/no/such/page' })).toEqual({ kind: 'pass' });
    });
  });

  describe('without a token', () => {
    it('lets the open routes pass', () => {
      for (const pathname of ['/user/login', '/user/register', '/user/register-result', '/user/alteration']) {
        expect(decideNavigation(signedOut, { pathname }), pathname).toEqual({ kind: 'pass' });
      }
    });

    it('sends any other page to login carrying its full path as redirect', () => {
      expect(decideNavigation(signedOut, { pathname: '/isystem/user', search: '?q=张' })).toEqual({
        kind: 'redirect',
        to: '/user/login?redirect=%2Fisystem%2Fuser%3Fq%3D%E5%BC%A0',
      });
      expect(decideNavigation(signedOut, { pathname: '/404' })).toEqual({
        kind: 'redirect',
        to: '/user/login?redirect=%2F404',
      });
    });
  });

  describe('static redirects of spec §2 come first', () => {
    it.each([
      ['/', '/dashboard/analysis'],
      ['/user', '/user/login'],
      ['/user/', '/user/login'],
      ['/oauth2-app', '/oauth2-app/login'],
      ['/test', '/test/home'],
    ])('%s → %s', (pathname, target) => {
      expect(decideNavigation(signedOut, { pathname })).toEqual({ kind: 'redirect', to: target });
    });

    it('so / without a token ends on login with home as redirect', () => {
      expect(decideNavigation(signedOut, { pathname: '/dashboard/analysis' })).toEqual({
        kind: 'redirect',
        to: '/user/login?redirect=%2Fdashboard%2Fanalysis',
      });
    });
  });
});
